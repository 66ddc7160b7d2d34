import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  collectErrors,
  menuLink,
  type RunningApp,
  signedInPage,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// The POS screen in Chromium as a cashier meets it: choosing a batch by hand with the connection down, every button's
// label whole from a 1280 px laptop to a 1920 px screen and on a phone, Process Sale at hand on a phone, a refused
// discount that says why, and a read-only price that looks read-only.
let app: RunningApp;
let browser: Browser;
let admin: string;
const errors: string[] = [];

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  await stockItem(app.url, admin, 'Cement Bag', 38_000, 50);
  await stockItem(app.url, admin, 'Iron Sheet', 45_000, 30);
  for (let i = 1; i <= 8; i++) await stockItem(app.url, admin, `Floor Tile ${i}`, 12_000, 20);
});
afterAll(() => stopAll(app, browser));

const cashierPage = (viewport: { width: number; height: number }) =>
  signedInPage(browser, app.url, DEMO_CASHIER, { viewport, prepare: collectErrors(errors) });

async function openPos(page: Page) {
  await menuLink(page, 'POS').click();
  await page.getByRole('button', { name: 'Process Sale' }).waitFor();
}

/** One unit of each item through the search box, as a cashier types it. */
async function addBySearch(page: Page, names: string[]) {
  const search = page.getByRole('textbox', { name: 'Find item' });
  for (const name of names) {
    await search.click();
    await page.keyboard.type(name);
    await page.getByRole('list', { name: 'Search results' }).getByText(name, { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: new RegExp(name) }).waitFor();
  }
}

const salesCount = async () => (await apiCall(app.url, 'GET', '/saleslist', undefined, admin)).body.total as number;

describe('choosing a batch by hand offline', () => {
  it('finds the product, its batch, brand, unit and price in the local copy and sells it', async () => {
    const page = await cashierPage({ width: 1366, height: 768 });
    await openPos(page);
    // The local copy has been taken; then the connection goes.
    await page.getByTestId('local-copy-age').waitFor({ timeout: 15_000 });
    await page.context().setOffline(true);
    await page.getByRole('status', { name: 'Connection: Offline' }).waitFor();

    const product = page.getByRole('textbox', { name: 'Product' });
    await product.click();
    await page.keyboard.type('iron');
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Iron Sheet']);
    await page.getByRole('option', { name: 'Iron Sheet' }).click();
    // The batch with stock, its brand and unit are chosen by themselves, and the copy's price shows.
    await expect.poll(() => page.getByRole('textbox', { name: 'Batch Number' }).inputValue()).toMatch(/30 left/);
    await expect.poll(() => page.getByRole('textbox', { name: 'Brand' }).inputValue()).toBe('Iron Sheet brand');
    await expect.poll(() => page.getByRole('textbox', { name: 'Measurement' }).inputValue()).toBe('Iron Sheet unit');
    await expect.poll(() => page.getByLabel('Sale Price (UGX)').inputValue()).toBe('45,000');
    await page.getByLabel(/^Quantity/).click();
    await page.keyboard.press('Backspace');
    await page.keyboard.type('2');
    await page.getByRole('button', { name: 'Add Cart' }).click();
    await page
      .getByRole('row', { name: /Iron Sheet/ })
      .getByText('90,000')
      .waitFor();

    await page.getByRole('radio', { name: 'Stay on POS' }).check();
    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.getByText('the sale is kept on this computer').waitFor();
    await page.getByRole('status', { name: 'Connection: Offline · 1 sale waiting' }).waitFor();

    const before = await salesCount();
    await page.context().setOffline(false);
    await page.getByRole('status', { name: 'Connection: Online' }).waitFor({ timeout: 30_000 });
    expect(await salesCount()).toBe(before + 1);
    await page.close();
    expect(errors).toEqual([]);
  });
});
