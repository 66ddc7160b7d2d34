import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import { apiCall, launchBrowser, type RunningApp, signInThroughUi, startApp, stockItem } from './support.ts';

// The app without a connection, in Chromium: after one visit the service worker has the app, so a reload
// with the network off opens Duka's own shell (not the browser's "no internet" page) and the top bar says Offline;
// the till's local copy of the catalogue is already on the computer; back online, the bar says Online again.
let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

const indicator = (state: string) => page.getByRole('status', { name: `Connection: ${state}` });

/** The till's local copy as IndexedDB holds it: read, as a test looks, never written. */
const localCopy = () =>
  page.evaluate(
    () =>
      new Promise<{ taken_at: string; batches: { product_name: string; balance: number }[] } | undefined>(
        (resolve, reject) => {
          const open = indexedDB.open('duka-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('catalogue')) return resolve(undefined);
            const get = db.transaction('catalogue').objectStore('catalogue').get('current');
            get.onsuccess = () => resolve(get.result);
            get.onerror = () => reject(get.error);
          };
        },
      ),
  );

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const token = (await apiCall(app.url, 'POST', '/login', DEMO_ADMIN)).body.data.token;
  await stockItem(app.url, token, 'Offline Cement', 38_000, 40);
  context = await browser.newContext();
  page = await context.newPage();
  page.on('pageerror', (err) => errors.push(err.message));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the app without a connection', () => {
  it('is an installable app whose manifest carries the shop name and bundled icons', async () => {
    const res = await page.request.get(`${app.url}/manifest.webmanifest`);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('no-cache');
    const manifest = await res.json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/home' });
    expect(manifest.name).toBeTruthy();
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await page.request.get(`${app.url}${icon.src}`)).status(), icon.src).toBe(200);
    }
    const worker = await page.request.get(`${app.url}/sw.js`);
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  it('opens with the network off after one visit, says so, and says Online again when it returns', async () => {
    await signInThroughUi(page, app.url, DEMO_CASHIER.email, DEMO_CASHIER.password);
    await page.waitForURL(/\/home$/);
    await expect.poll(() => indicator('Online').isVisible()).toBe(true);
    // The first visit installs the service worker, which takes the page at once.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    // The cashier's till has its local copy without doing anything.
    await expect
      .poll(async () => (await localCopy())?.batches.find((b) => b.product_name === 'Offline Cement')?.balance, {
        timeout: 15_000,
      })
      .toBe(40);

    await context.setOffline(true);
    await expect.poll(() => indicator('Offline').isVisible()).toBe(true);
    await page.reload();
    // Duka's own shell, from the service worker: the top bar with the user menu and the indicator.
    await expect.poll(() => indicator('Offline').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'User menu' }).isVisible()).toBe(true);
    expect(await page.title()).not.toMatch(/not available|ERR_/i);
    // The local copy survived the reload, for the POS to sell from.
    expect((await localCopy())?.batches.some((b) => b.product_name === 'Offline Cement')).toBe(true);

    await context.setOffline(false);
    await expect.poll(() => indicator('Online').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(errors).toEqual([]);
  });
});
