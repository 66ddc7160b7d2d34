import { formatMoney, lineTotal, unitPrice } from '@duka/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  menuLink,
  type RunningApp,
  signedInPage,
  signInThroughUi,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// Units in Chromium: an admin declares on the product's screen that a Tonne holds 20 Bags of cement (5 % off); a
// cashier adds the cement at the POS in Bags, switches the line to Tonnes and back with Alt+U, sees the price and the
// stock follow the unit, sells 2 Tonnes and the receipt reads Tonnes. Figures are checked against the API's.
let app: RunningApp;
let browser: Browser;
let token: string;
let batch: { batch_number: string; id: number };
let productId: number;
const BAG_PRICE = 38_000;
const TONNE_PRICE = unitPrice(BAG_PRICE, 20, 5);

beforeAll(async () => {
  ({ app, browser, admin: token } = await startShop());
  batch = await stockItem(app.url, token, 'Portland Cement', BAG_PRICE, 100, 'Bag');
  productId = (await apiCall(app.url, 'GET', `/stockshow/${batch.id}`, undefined, token)).body.data.product_id;
  const tonne = await apiCall(
    app.url,
    'POST',
    '/measurementstore',
    { name: 'Tonne', environment: 'PRODUCTION' },
    token,
  );
  expect(tonne.status).toBe(200);
});
afterAll(() => stopAll(app, browser));

const api = async (path: string) => {
  const res = await apiCall(app.url, 'GET', path, undefined, token);
  expect(res.status).toBe(200);
  return res.body.data;
};

/** Clears a field as a person does: click, End, then Backspace once per character. */
async function retype(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.press('End');
  for (const _ of await field.inputValue()) await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

describe('units of a product', () => {
  it('an admin declares Tonne = 20 Bag with 5 % off on the product screen', async () => {
    const admin = await signedInPage(browser, app.url);
    await admin.goto(`${app.url}/productupdate/${productId}`);
    const units = admin.getByRole('region', { name: 'Units' });
    // The base is the unit its batch is counted in.
    await expect.poll(() => units.getByLabel('Base unit').inputValue()).toBe('Bag');
    await units.getByRole('button', { name: 'Add unit' }).click();
    await units.getByLabel('Unit 1', { exact: true }).click();
    await admin.keyboard.type('Tonne');
    await admin.getByRole('option', { name: 'Tonne', exact: true }).click();
    await units.getByLabel('Unit 1: how many Bags in one').click();
    await admin.keyboard.type('20');
    await units.getByLabel('Unit 1: bulk discount %').click();
    await admin.keyboard.type('5');
    await units.getByText('1 Tonne = 20 Bags, sold at 5 % off').waitFor();
    await units.getByRole('button', { name: 'Save units' }).click();
    await units.getByRole('status').waitFor();

    const declared = await api(`/productunits/${productId}`);
    expect(declared.base.name).toBe('Bag');
    expect(declared.units).toEqual([expect.objectContaining({ name: 'Tonne', factor: 20, bulk_discount_percent: 5 })]);
    await admin.close();
  });

  it('the POS switches a line between Bag and Tonne with Alt+U and sells 2 Tonnes', async () => {
    const hits = await api('/possearch?q=Portland');
    const hit = hits.find((h: { batch_number: string }) => h.batch_number === batch.batch_number);
    expect(hit.units.map((u: { name: string; price: number }) => [u.name, u.price])).toEqual([
      ['Bag', BAG_PRICE],
      ['Tonne', TONNE_PRICE],
    ]);

    const page = await signedInPage(browser, app.url, DEMO_CASHIER);
    await menuLink(page, 'POS').click();
    await page.getByRole('button', { name: 'Process Sale' }).waitFor();
    await page.getByLabel('Find item').click();
    await page.keyboard.type('Portland');
    const results = page.getByRole('list', { name: 'Search results' });
    // The units with their prices, and the stock in the largest whole units.
    await results.getByText(`Tonne UGX ${formatMoney(TONNE_PRICE)}`).waitFor();
    await results.getByText('5 Tonnes in stock').waitFor();
    await page.keyboard.press('Enter');

    const row = page.getByRole('row', { name: /Portland Cement/ });
    const unit = row.getByLabel('Portland Cement unit');
    const quantity = row.getByLabel('Portland Cement quantity');
    const cells = () => row.getByRole('cell').allTextContents();
    await expect.poll(() => unit.inputValue()).toBe('Bag');
    expect(await cells()).toContain(formatMoney(BAG_PRICE));
    await row.getByText('In stock: 100 Bags').waitFor();

    // The focus is still in the search box: Alt+U changes the last line.
    await page.keyboard.press('Alt+KeyU');
    await expect.poll(() => unit.inputValue()).toBe('Tonne (20 Bags)');
    expect(await quantity.inputValue()).toBe('1');
    await expect.poll(cells).toContain(formatMoney(TONNE_PRICE));
    await row.getByText('In stock: 5 Tonnes = 100 Bags').waitFor();

    await page.keyboard.press('Alt+KeyU');
    await expect.poll(() => unit.inputValue()).toBe('Bag');
    await expect.poll(cells).toContain(formatMoney(BAG_PRICE));
    await row.getByText('In stock: 100 Bags').waitFor();

    // From the line's own quantity: Alt+U changes that line, and the quantity keeps its number in the new unit.
    await retype(page, quantity, '6');
    await page.keyboard.press('Alt+KeyU');
    await expect.poll(() => unit.inputValue()).toBe('Tonne (20 Bags)');
    // 6 Tonnes are 120 Bags: more than the batch holds.
    await row.getByText(`Only 5 Tonnes = 100 Bags in batch ${batch.batch_number}`).waitFor();
    await retype(page, quantity, '2');
    await expect.poll(cells).toContain(formatMoney(lineTotal(2, TONNE_PRICE)));
    await page
      .getByTestId('pos-total')
      .getByText(`Total: UGX ${formatMoney(2 * TONNE_PRICE)}`)
      .waitFor();

    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.waitForURL(/\/sales(receipt|invoice)\/\d+$/);
    const id = page.url().split('/').pop();
    await page.getByText('Portland Cement — Portland Cement brand (Tonnes)').waitFor();
    await page
      .getByRole('cell', { name: formatMoney(TONNE_PRICE), exact: true })
      .first()
      .waitFor();

    const sale = await api(`/saleshow/${id}`);
    expect(sale.total_amount).toBe(2 * TONNE_PRICE);
    expect(sale.items).toEqual([
      expect.objectContaining({
        quantity: 2,
        measurement: expect.objectContaining({ name: 'Tonne' }),
        unit_price: TONNE_PRICE,
        factor: 20,
        base_quantity: 40,
      }),
    ]);
    const left = await api(`/stockshow/${batch.id}`);
    expect(left.balance).toBe(60);
    await page.close();
  });

  it('offline, the till prices a Tonne from its local copy as the server does and counts 20 Bags off the batch', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signInThroughUi(page, app.url, DEMO_CASHIER.email, DEMO_CASHIER.password);
    await page.waitForURL(/\/home$/);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await page.goto(`${app.url}/salespos`);
    await page.getByTestId('local-copy-age').waitFor({ timeout: 15_000 });
    await context.setOffline(true);
    await page.reload();
    const search = page.getByRole('textbox', { name: 'Find item' });
    await search.waitFor({ timeout: 15_000 });
    await page.getByRole('status', { name: 'Connection: Offline' }).waitFor();

    // 60 Bags left after the 2 Tonnes sold online: 3 Tonnes, the Tonne at the server's price.
    await search.click();
    await page.keyboard.type('Portland');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByText(`Tonne UGX ${formatMoney(TONNE_PRICE)}`).waitFor();
    await results.getByText('3 Tonnes in stock').waitFor();
    await page.keyboard.press('Enter');
    const row = page.getByRole('row', { name: /Portland Cement/ });
    await row.getByText('In stock: 60 Bags').waitFor();
    await page.keyboard.press('Alt+KeyU');
    await expect.poll(() => row.getByLabel('Portland Cement unit').inputValue()).toBe('Tonne (20 Bags)');
    await row.getByText('In stock: 3 Tonnes = 60 Bags').waitFor();
    await page
      .getByTestId('pos-total')
      .getByText(`Total: UGX ${formatMoney(TONNE_PRICE)}`)
      .waitFor();

    await page.getByRole('radio', { name: 'Print receipt' }).check();
    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.getByTestId('not-yet-sent').waitFor();
    const receipt = await page.locator('.receipt').textContent();
    expect(receipt).toContain('Portland Cement (Portland Cement brand) × 1 Tonne');
    expect(receipt).toContain(formatMoney(TONNE_PRICE));
    await page.getByRole('link', { name: 'Back to POS' }).click();

    // The local copy lost 20 Bags.
    await search.click();
    await page.keyboard.type('Portland');
    await results.getByText('2 Tonnes in stock').waitFor();

    await context.setOffline(false);
    await page.getByRole('status', { name: 'Connection: Online' }).waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await api(`/stockshow/${batch.id}`)).balance, { timeout: 15_000 }).toBe(40);
    const sales = (await api('/saleslist?pagination_size=10')) as { id: number }[];
    const sold = await api(`/saleshow/${Math.max(...sales.map((x) => x.id))}`);
    expect(sold.total_amount).toBe(TONNE_PRICE);
    expect(sold.items).toEqual([
      expect.objectContaining({ quantity: 1, unit_price: TONNE_PRICE, factor: 20, base_quantity: 20 }),
    ]);
    await context.close();
  });
});
