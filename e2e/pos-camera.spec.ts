import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import { ean13CheckDigit, ean13Video } from './barcode-video.ts';
import { apiCall, launchBrowser, type RunningApp, signInThroughUi, startApp, stockItem } from './support.ts';

// Scan with the camera in Chromium: the camera is Chromium's fake device playing a video of a generated
// EAN-13, so the whole path runs as on a phone: Scan, the camera opens, the code is read (headless Chromium has no
// BarcodeDetector, so by the WebAssembly reader, fetched from this server only), the line is in the cart and the
// camera is off again; the same with the network off. Then a code no product has, and a camera the cashier
// refused: each says so, the cart kept.
const ean13 = (first12: string) => `${first12}${ean13CheckDigit(first12)}`;
const BARCODE = ean13('600765432101');
/** A valid EAN-13 that no product has. */
const UNKNOWN = ean13('600765432999');
const video = ean13Video(BARCODE);
const unknownVideo = ean13Video(UNKNOWN);

let app: RunningApp;
let browser: Browser;
let page: Page;
const errors: string[] = [];
const requests: string[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp(),
    launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]),
  ]);
  const token = (await apiCall(app.url, 'POST', '/login', DEMO_ADMIN)).body.data.token;
  await stockItem(app.url, token, 'Camera Cement', 38_000, 50);
  // The product gets its barcode as the back office would give it.
  const list = await apiCall(app.url, 'GET', '/productlist?search=Camera%20Cement', undefined, token);
  const product = list.body.data.find((p: { name: string }) => p.name === 'Camera Cement');
  const update = { name: product.name, category_id: product.category_id, barcode: BARCODE };
  expect((await apiCall(app.url, 'PUT', `/productupdate/${product.id}`, update, token)).status).toBe(200);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('request', (request) => requests.push(request.url()));
  // Only watches: keeps each stream the page opens, to see afterwards that its tracks were stopped.
  await page.addInitScript(() => {
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    const streams: MediaStream[] = [];
    Object.assign(window, { cameraStreams: streams });
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
  await signInThroughUi(page, app.url, DEMO_CASHIER.email, DEMO_CASHIER.password);
  await page.waitForURL(`${app.url}/home`);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  for (const file of [video, unknownVideo]) fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

const trackStates = () =>
  page.evaluate(() =>
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((s) =>
      s.getTracks().map((t) => t.readyState),
    ),
  );

describe('Scan with the camera', () => {
  it('reads a generated EAN-13 from the camera, adds its line to the cart and turns the camera off', async () => {
    // A phone: the menu opens from its button.
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'POS', exact: true }).click();
    await page.getByRole('button', { name: 'Process Sale' }).waitFor();

    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await page.getByRole('dialog', { name: 'Scan with the camera' }).waitFor();
    // The code is read without a key pressed: the dialog closes and the item is in the cart.
    await page.getByRole('row', { name: /Camera Cement/ }).waitFor();
    await page.getByRole('dialog', { name: 'Scan with the camera' }).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Camera Cement quantity').inputValue()).toBe('1');
    await expect.poll(trackStates).toEqual(['ended']);
    // Ready for the next code: the search box has the focus back.
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Find item' }).evaluate((el) => el === document.activeElement))
      .toBe(true);

    // The reader's WebAssembly came from Duka itself; nothing was fetched from anywhere else.
    expect(requests.some((url) => url.startsWith(app.url) && url.endsWith('.wasm'))).toBe(true);
    expect(requests.filter((url) => !url.startsWith(app.url) && !url.startsWith('data:'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('closing the dialog with Esc stops the camera too', async () => {
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan with the camera' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The second opening may have read the code already (the video shows it) and added one more; either way every
    // track it opened has ended.
    await expect.poll(async () => (await trackStates()).every((s) => s === 'ended')).toBe(true);
  });
});

describe('Scan with the camera offline', () => {
  it('reads the code with the network off, the reader and its WebAssembly from the service worker', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const cashier = await context.newPage();
    cashier.setDefaultTimeout(15_000);
    // One visit online: the service worker precaches the app, the reader's chunk and .wasm among it.
    await signInThroughUi(cashier, app.url, DEMO_CASHIER.email, DEMO_CASHIER.password);
    await cashier.waitForURL(`${app.url}/home`);
    await cashier.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await cashier.goto(`${app.url}/salespos`);
    await cashier.getByTestId('local-copy-age').waitFor();

    await context.setOffline(true);
    await cashier.reload();
    await cashier.getByRole('button', { name: 'Scan', exact: true }).click();
    await cashier.getByRole('row', { name: /Camera Cement/ }).waitFor();
    expect(await cashier.getByLabel('Camera Cement quantity').inputValue()).toBe('1');
    await context.close();
  });
});

describe('a code the camera reads that no product has, and a camera refused', () => {
  // Its own Chromium, camera showing the unknown code, and no automatic yes to the camera prompt: a page is let use
  // the camera only when its context was granted it, as a person answering Allow or Block.
  let other: Browser;
  beforeAll(async () => {
    other = await launchBrowser([
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${unknownVideo}`,
    ]);
  }, 60_000);
  afterAll(() => other?.close());

  /** A cashier on the POS at 1366×768 with one bag of Camera Cement in the cart, added by typing its name. */
  async function posWithCement(permissions: string[]) {
    const context = await other.newContext({ viewport: { width: 1366, height: 768 }, permissions });
    const cashier = await context.newPage();
    cashier.setDefaultTimeout(15_000);
    await signInThroughUi(cashier, app.url, DEMO_CASHIER.email, DEMO_CASHIER.password);
    await cashier.waitForURL(`${app.url}/home`);
    await cashier
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'POS', exact: true })
      .click();
    await cashier.getByRole('textbox', { name: 'Find item' }).click();
    await cashier.keyboard.type('camera cement');
    await cashier.getByRole('list', { name: 'Search results' }).getByText('Camera Cement', { exact: true }).waitFor();
    await cashier.keyboard.press('Enter');
    await cashier.getByRole('row', { name: /Camera Cement/ }).waitFor();
    return cashier;
  }

  it('says the code is unknown and keeps the cart as it was', async () => {
    const cashier = await posWithCement(['camera']);
    await cashier.getByRole('button', { name: 'Scan', exact: true }).click();
    await cashier
      .getByRole('alert')
      .getByText(`Unknown barcode ${UNKNOWN}: no item in stock has it. The cart is unchanged.`)
      .waitFor();
    await cashier.getByRole('dialog', { name: 'Scan with the camera' }).waitFor({ state: 'detached' });
    expect(await cashier.getByRole('row', { name: /Camera Cement/ }).count()).toBe(1);
    expect(await cashier.getByLabel('Camera Cement quantity').inputValue()).toBe('1');
    await cashier.context().close();
  });

  it('says what to do when the camera is refused, and keeps the cart', async () => {
    const cashier = await posWithCement([]);
    await cashier.getByRole('button', { name: 'Scan', exact: true }).click();
    const dialog = cashier.getByRole('dialog', { name: 'Scan with the camera' });
    await dialog.getByText('Permission to use the camera was refused.', { exact: false }).waitFor();
    await cashier.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await cashier.getByLabel('Camera Cement quantity').inputValue()).toBe('1');
    await cashier.context().close();
  });
});
