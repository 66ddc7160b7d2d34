// Browser-test support: the built app on its own embedded database, Debian's Chromium, and sign-in through the UI.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { formatDay } from '@duka/shared';
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_ADMIN } from '../apps/server/src/db/seed/demo.ts';
import { makeDataDir, type ServerProcess, startHealthyServer } from '../apps/server/test/server-process.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface RunningApp {
  url: string;
  server: ServerProcess;
  stop: () => Promise<void>;
}

export async function startApp(): Promise<RunningApp> {
  const dataDir = makeDataDir();
  const server = await startHealthyServer(dataDir);
  return {
    url: server.url,
    server,
    stop: async () => {
      server.child.kill('SIGTERM');
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The shop's day (YYYY-MM-DD) once at least `minutes` of it remain: a spec that writes today's sales and then reads
 * today's reports must do both on one shop day, so near the shop's midnight it waits for the next day to begin.
 */
export async function shopDayLasting(minutes: number): Promise<string> {
  const dayAfterMargin = formatDay(new Date(Date.now() + minutes * 60_000));
  while (formatDay(new Date()) !== dayAfterMargin) await sleep(1_000);
  return dayAfterMargin;
}

/** Debian's Chromium, headless; `extraArgs` for a spec that needs more (e.g. a fake camera fed from a file). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** Fills the sign-in form, solves the arithmetic question as a person would, and presses Login. */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/`);
  const type = async (field: Locator, text: string) => {
    await field.click();
    await field.pressSequentially(text);
  };
  await type(page.getByLabel('Email'), email);
  await type(page.getByLabel('Password', { exact: true }), password);
  const question = await page.getByText(/What is \d+ \+ \d+\?/).textContent();
  const [, a, b] = question?.match(/(\d+) \+ (\d+)/) ?? [];
  await type(page.getByLabel(/What is/), String(Number(a) + Number(b)));
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The app and Chromium, started side by side. */
export const startAll = () => Promise.all([startApp(), launchBrowser()]);

/** A signed-in API token (the demo Administrator's unless told), for setting the shop up through the API. */
export async function apiToken(baseUrl: string, user: { email: string; password: string } = DEMO_ADMIN) {
  const res = await apiCall(baseUrl, 'POST', '/login', { email: user.email, password: user.password });
  if (res.status !== 200) throw new Error(`/login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}

/** The app and Chromium started side by side, with the Administrator's API token (`admin`) for the set-up. */
export async function startShop() {
  const [app, browser] = await startAll();
  return { app, browser, admin: await apiToken(app.url) };
}

/** Closes Chromium, then stops the app; either may be missing when the start failed. */
export async function stopAll(app: RunningApp | undefined, browser: Browser | undefined) {
  await browser?.close();
  await app?.stop();
}

interface SignedInPageOptions extends Pick<BrowserContextOptions, 'acceptDownloads' | 'viewport' | 'serviceWorkers'> {
  /** The default timeout of the page's steps; 10 s unless told. */
  timeout?: number;
  /** Runs on the new page before signing in (listeners that must see the sign-in too). */
  prepare?: (page: Page) => void;
}

/** A `prepare` that keeps the page's uncaught errors in `errors`, for a test to assert there were none. */
export const collectErrors = (errors: string[]) => (page: Page) =>
  page.on('pageerror', (err) => errors.push(err.message));

/** A new page signed in through the UI as `user` (the demo Administrator unless told), waited on to reach /home. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  user: { email: string; password: string } = DEMO_ADMIN,
  { timeout = 10_000, prepare, ...options }: SignedInPageOptions = {},
) {
  const page = await browser.newPage(options);
  page.setDefaultTimeout(timeout);
  prepare?.(page);
  await signInThroughUi(page, baseUrl, user.email, user.password);
  await page.waitForURL(`${baseUrl}/home`);
  return page;
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
export const menuLink = (page: Page, name: string) => mainMenu(page).getByRole('link', { name, exact: true });

/** Opens a screen from the menu and waits for its address, so the next step does not act on the previous screen. */
export async function openFromMenu(page: Page, baseUrl: string, label: string, path: string) {
  await menuLink(page, label).click();
  await page.waitForURL(`${baseUrl}${path}`);
}

export async function apiCall(baseUrl: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/**
 * A sale of `items` (batch, quantity) through the API for a test's set-up, paid in cash unless `pay` says otherwise
 * (`{ payments: [...] }`); throws unless it is accepted. Answers the sale's id.
 */
export async function saleThroughApi(
  baseUrl: string,
  token: string,
  items: [{ batch_number: string }, number][],
  pay: Record<string, unknown> = { paymentMethod: 'CASH' },
): Promise<number> {
  const res = await apiCall(
    baseUrl,
    'POST',
    '/salesstore',
    {
      customerName: 'Okello Builders',
      customerPhone: '0772123456',
      items: items.map(([batch, quantity]) => ({ batchNumber: batch.batch_number, quantity })),
      ...pay,
      idempotencyKey: crypto.randomUUID(),
    },
    token,
  );
  if (res.status !== 200) throw new Error(`/salesstore answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/**
 * One product in stock through the API (category, product, brand, measurement, supplier, batch); answers the batch.
 * Its unit is called `${name} unit` unless `unit` names it.
 */
export async function stockItem(
  baseUrl: string,
  token: string,
  name: string,
  salePrice: number,
  quantity: number,
  unit = `${name} unit`,
) {
  const environment = 'PRODUCTION';
  const call = async (path: string, body: Record<string, unknown>) => {
    const res = await apiCall(baseUrl, 'POST', path, { ...body, environment }, token);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const category = await call('/categorystore', { name: `${name} category` });
  const product = await call('/productstore', { name, category_id: category.id });
  const [brand] = await call('/brandstore', { name: `${name} brand`, product_ids: [product.id] });
  const measurement = await call('/measurementstore', { name: unit });
  const supplier = await call('/supplierstore', {
    name: `${name} supplier`,
    phone_number: '0772000222',
    email: 'orders@supplier.test',
    tin: '1000777777',
    country: 'Uganda',
    address: 'Nakivubo Road, Kampala',
  });
  return call('/stockstore', {
    product_id: product.id,
    brand_id: brand.id,
    measurement_id: measurement.id,
    supplier_id: supplier.id,
    quantity,
    unit_price: Math.round(salePrice * 0.8),
    sale_price: salePrice,
    min_stock_level: 1,
    stock_date: '2026-11-20',
  });
}

/** A shop's business details as the receipts and invoices print them. */
export const MUKWANO_HARDWARE = {
  business_name: 'Mukwano Hardware',
  business_reg_number: 'URSB-2020-1',
  business_tin: '1001234567',
  business_address: 'Plot 12, Ben Kiwanuka Street, Kampala',
  business_email: 'hello@mukwano.test',
  business_contact: '0772123123',
  business_legal_disclaimer: 'Goods once sold are not returnable.',
};

/** Saves the shop's business details through the API (Mukwano Hardware's unless told). */
export async function saveBusinessInfo(
  baseUrl: string,
  token: string,
  info: Record<string, unknown> = MUKWANO_HARDWARE,
) {
  const res = await apiCall(baseUrl, 'POST', '/businessinfosettingsstore', info, token);
  if (res.status !== 200)
    throw new Error(`/businessinfosettingsstore answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** Holds back the page's calls to `address`: `release` lets them through to the server, `end` (for a `finally`)
 * releases them and stops holding. */
export async function holdBack(page: Page, address: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(address, async (route) => {
    await held;
    await route.continue();
  });
  const end = async () => {
    release();
    await page.unroute(address);
  };
  return { release, end };
}

/** Clicks `field`, rubs out what it holds (End, then one Backspace per character) and types `text`, as a person does. */
export async function retype(field: Locator, text: string) {
  const { keyboard } = field.page();
  await field.click();
  await keyboard.press('End');
  for (let left = (await field.inputValue()).length; left > 0; left -= 1) await keyboard.press('Backspace');
  if (text) await keyboard.type(text);
}

/** The message shown under a field, once it is marked invalid (Mantine ties it to the input by aria-describedby). */
export async function fieldError(field: Locator): Promise<string> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ').trim();
}

/** The serious and critical WCAG 2 A/AA violations on the page as it is now, once its transitions have ended. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
