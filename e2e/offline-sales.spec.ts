import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import {
  freePort,
  makeDataDir,
  type ServerProcess,
  startServer,
  waitUntilHealthy,
} from '../apps/server/test/server-process.ts';
import { apiCall, launchBrowser, signInThroughUi, stockItem } from './support.ts';

// Selling with the connection down (issue 16), in Chromium: the POS opens offline from the service worker, three
// sales go to the outbox (one receipt printed "not yet sent"), the page is closed and reopened, and back online the
// three arrive exactly once; one of them finds its batch short and becomes one stock discrepancy, never a negative
// balance.
// Started here rather than by startApp, so the same server (data and port) can be killed and started again.
let dataDir: string;
let port: number;
let server: ServerProcess;
const app = { url: '' };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: string;
let cement: { id: number; batch_number: string };
let sand: { id: number; batch_number: string };

const indicator = (state: string) => page.getByRole('status', { name: `Connection: ${state}` });
const search = () => page.getByRole('textbox', { name: 'Find item' });
const balanceOf = async (id: number) =>
  Number((await apiCall(app.url, 'GET', `/stockshow/${id}`, undefined, admin)).body.data.balance);
const salesTotal = async () => (await apiCall(app.url, 'GET', '/saleslist', undefined, admin)).body.total as number;

/** One unit of the item per Enter, typed as a cashier does. */
async function addToCart(name: string, units: number) {
  for (let i = 0; i < units; i++) {
    await search().fill(name);
    await search().press('Enter');
    await expect.poll(() => search().inputValue()).toBe('');
  }
}

beforeAll(async () => {
  dataDir = makeDataDir();
  port = await freePort();
  [server, browser] = await Promise.all([startServer(dataDir, port), launchBrowser()]);
  await waitUntilHealthy(server);
  app.url = server.url;
  admin = (await apiCall(app.url, 'POST', '/login', DEMO_ADMIN)).body.data.token;
  cement = await stockItem(app.url, admin, 'Outbox Cement', 20_000, 30);
  sand = await stockItem(app.url, admin, 'Short Sand', 5_000, 3);
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  await server?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('selling offline', () => {
  it('keeps three sales through a reload and sends each exactly once when the connection returns', async () => {
    await signInThroughUi(page, app.url, DEMO_CASHIER.email, DEMO_CASHIER.password);
    await page.waitForURL(/\/home$/);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await page.goto(`${app.url}/salespos`);
    await page.getByTestId('local-copy-age').waitFor({ timeout: 15_000 });

    await context.setOffline(true);
    await page.reload();
    await search().waitFor({ timeout: 15_000 });
    await expect.poll(() => indicator('Offline').isVisible()).toBe(true);
    expect(await page.getByTestId('local-copy-age').textContent()).toMatch(/Local copy from/);

    // First sale: two bags, its receipt printed at once, marked not yet sent.
    await addToCart('Outbox Cement', 2);
    await page.getByRole('radio', { name: 'Print receipt' }).check();
    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.getByTestId('not-yet-sent').waitFor();
    const receipt = await page.locator('.receipt').textContent();
    expect(receipt).toContain('NOT YET SENT');
    expect(receipt).toContain('Outbox Cement');
    expect(receipt).toContain('40,000');
    await page.getByRole('link', { name: 'Back to POS' }).click();

    // Two more, staying on the POS; the local copy shows what is left.
    await search().waitFor();
    await page.getByRole('radio', { name: 'Stay on POS' }).check();
    await addToCart('Outbox Cement', 1);
    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.getByText('the sale is kept on this computer').waitFor();
    await addToCart('Short Sand', 2);
    await page.getByRole('button', { name: 'Process Sale' }).click();
    await expect.poll(() => indicator('Offline · 3 sales waiting').isVisible()).toBe(true);
    await search().fill('Outbox Cement');
    await expect.poll(() => page.getByRole('list', { name: 'Search results' }).textContent()).toContain('27 in stock');

    // Meanwhile the shop sold sand online: the batch now holds 1 of the 2 the offline sale took.
    const sold = await apiCall(
      app.url,
      'POST',
      '/salesstore',
      {
        customerName: 'Walk-in',
        customerPhone: '0700000000',
        items: [{ batchNumber: sand.batch_number, quantity: 2 }],
        paymentMethod: 'CASH',
        idempotencyKey: crypto.randomUUID(),
      },
      admin,
    );
    expect(sold.status).toBe(200);
    const before = await salesTotal();

    // The laptop is closed: the page goes, the outbox stays.
    await page.close();
    page = await context.newPage();
    await page.goto(`${app.url}/salespos`);
    await expect.poll(() => indicator('Offline · 3 sales waiting').isVisible(), { timeout: 15_000 }).toBe(true);

    await context.setOffline(false);
    await expect.poll(() => indicator('Online').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await salesTotal()).toBe(before + 3);
    expect(await balanceOf(cement.id)).toBe(27);
    expect(await balanceOf(sand.id)).toBe(0);
    const discrepancies = await apiCall(app.url, 'GET', '/stockdiscrepancylist', undefined, admin);
    expect(discrepancies.body.total).toBe(1);
    expect(Number(discrepancies.body.data[0].quantity)).toBe(1);

    // A later send of the outbox (every few seconds, or another reload) adds nothing.
    await page.reload();
    await expect.poll(() => indicator('Online').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(1000);
    expect(await salesTotal()).toBe(before + 3);
  });

  it('sends a sale exactly once when the server is killed while the outbox sends it, and restarted', async () => {
    await context.setOffline(true);
    await expect.poll(() => indicator('Offline').isVisible()).toBe(true);
    await page.getByRole('radio', { name: 'Stay on POS' }).check();
    for (let i = 0; i < 2; i++) {
      await addToCart('Outbox Cement', 1);
      await page.getByRole('button', { name: 'Process Sale' }).click();
      await expect.poll(() => indicator(`Offline · ${i + 1} ${i ? 'sales' : 'sale'} waiting`).isVisible()).toBe(true);
    }
    const before = await salesTotal();

    // The first sale reaches the server and is recorded; the server dies before its answer reaches the till.
    let killed: Promise<unknown> | undefined;
    await page.route('**/api/salesstore', async (route) => {
      if (killed) return route.abort('connectionrefused');
      await route.fetch();
      server.child.kill('SIGKILL');
      killed = server.exited;
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect.poll(() => killed !== undefined, { timeout: 15_000 }).toBe(true);
    await killed;
    await page.unroute('**/api/salesstore');
    expect(await indicator('Sending 2 sales').isVisible()).toBe(true);

    server = await startServer(dataDir, port);
    await waitUntilHealthy(server);
    // The outbox tries again by itself; the first sale's key answers with the sale already recorded.
    await expect.poll(() => indicator('Online').isVisible(), { timeout: 40_000 }).toBe(true);
    expect(await salesTotal()).toBe(before + 2);
    expect(await balanceOf(cement.id)).toBe(25);
  });

  it('refuses to sign out while a sale waits to be sent, and signs out once it has gone', async () => {
    await context.setOffline(true);
    await addToCart('Outbox Cement', 1);
    await page.getByRole('button', { name: 'Process Sale' }).click();
    await expect.poll(() => indicator('Offline · 1 sale waiting').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const warning = page.getByRole('dialog', { name: 'Sales not yet sent' });
    await warning.getByText('1 sale made offline has not reached the server yet.', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    expect(page.url()).toMatch(/\/salespos$/);

    await context.setOffline(false);
    await expect.poll(() => indicator('Online').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await balanceOf(cement.id)).toBe(24);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
