import { formatMoney, quantityWithUnit } from '@duka/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  axeViolations,
  collectErrors,
  fieldError,
  openFromMenu,
  type RunningApp,
  retype,
  saleThroughApi,
  signInThroughUi,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// Goods received in Chromium, as the shop's buyer works: an order (made through the API) is opened, its goods are
// received with one line short and with landed costs, and the receipt's figures are the server's; then what to
// reorder from a supplier becomes a draft order, checked and saved.
let app: RunningApp;
let browser: Browser;
let admin: string;
let page: Page;
let order: { id: number; po_number: string };
const errors: string[] = [];

/** The id of `name` in an id-and-name lookup's answer (/getproducts, /getsuppliers…). */
const idOf = (answer: { body: { data: { id: number; name: string }[] } }, name: string) =>
  answer.body.data.find((o) => o.name === name)?.id;

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  await stockItem(app.url, admin, 'Nails 4 inch', 9_000, 50);
  await stockItem(app.url, admin, 'Iron Sheet G28', 42_000, 20);
  // Wire mesh bought at 12,000 with a minimum of 1: all 3 sold today leave it at 0, so 3 + 1 − 0 = 4 to reorder.
  const mesh = await stockItem(app.url, admin, 'Wire Mesh', 15_000, 3);
  await saleThroughApi(app.url, admin, [[mesh, 3]]);

  const suppliers = await apiCall(app.url, 'GET', '/getsuppliers', undefined, admin);
  const products = await apiCall(app.url, 'GET', '/getproducts', undefined, admin);
  const measurements = await apiCall(app.url, 'GET', '/getmeasurements', undefined, admin);
  const brands = await apiCall(app.url, 'GET', '/getbrands', undefined, admin);
  const made = await apiCall(
    app.url,
    'POST',
    '/purchaseorderstore',
    {
      supplier_id: idOf(suppliers, 'Nails 4 inch supplier'),
      lines: [
        {
          product_id: idOf(products, 'Nails 4 inch'),
          brand_id: idOf(brands, 'Nails 4 inch brand'),
          measurement_id: idOf(measurements, 'Nails 4 inch unit'),
          quantity: 10,
          unit_cost: 7_200,
        },
        {
          product_id: idOf(products, 'Iron Sheet G28'),
          brand_id: null,
          measurement_id: idOf(measurements, 'Iron Sheet G28 unit'),
          quantity: 5,
          unit_cost: 33_600,
        },
      ],
    },
    admin,
  );
  if (made.status !== 200) throw new Error(JSON.stringify(made.body));
  order = made.body.data;

  // A context of its own, not browser.newPage()'s: axe-core injects its script through the context.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  collectErrors(errors)(page);
  await signInThroughUi(page, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.waitForURL(`${app.url}/home`);
});
afterAll(() => stopAll(app, browser));

const textbox = (label: string) => page.getByRole('textbox', { name: label, exact: true });
/** Clicks a field, rubs out what it holds (End, then one Backspace per character) and types, as a person does. */
async function typeInto(label: string, text: string) {
  await retype(textbox(label), text);
}
async function choose(label: string, option: string) {
  await textbox(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
/** The message shown under a field (Mantine ties it to the input through aria-describedby). */
const errorUnder = (label: string) => fieldError(textbox(label));
/** The serious and critical WCAG 2 A/AA violations on the screen as it is now. */
const seriousViolations = () => axeViolations(page);
const testId = (id: string) => page.getByTestId(id).textContent();

describe('goods received', () => {
  it('receives part of an order with landed costs, and the receipt shows the server’s figures', async () => {
    await openFromMenu(page, app.url, 'Purchase Orders', '/purchaseorderlist');
    const row = page.getByRole('row', { name: new RegExp(order.po_number) });
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.waitForURL(`${app.url}/purchaseordershow/${order.id}`);
    await page.getByRole('link', { name: 'Receive goods' }).click();
    await page.waitForURL(`${app.url}/goodsreceivedcreate?purchase_order_id=${order.id}`);

    // The order's supplier and what remains of each line, at the order's cost.
    await expect.poll(() => textbox('Supplier').inputValue()).toBe('Nails 4 inch supplier');
    expect(await textbox('Line 1 product').inputValue()).toBe('Nails 4 inch');
    expect(await textbox('Line 1 quantity').inputValue()).toBe('10');
    expect(await textbox('Line 1 unit cost').inputValue()).toBe('7,200');
    expect(await textbox('Line 2 product').inputValue()).toBe('Iron Sheet G28');
    expect(await textbox('Line 2 brand').inputValue()).toBe('No brand');
    expect(await textbox('Line 2 quantity').inputValue()).toBe('5');
    await expect.poll(() => testId('goods-value')).toBe(`Goods value: UGX ${formatMoney(72_000 + 168_000)}`);

    // Only 6 of the 10 boxes of nails came.
    await typeInto('Line 1 quantity', '6');
    await expect.poll(() => textbox('Line 1 value').inputValue()).toBe('43,200');
    await typeInto('Line 1 sale price', '9000');
    await typeInto('Line 2 sale price', '42000');
    await typeInto('Supplier Invoice Number', 'INV-2231');
    // The method of the landed costs is asked only once there are some.
    expect(await textbox('Landed Costs Paid By').count()).toBe(0);
    await typeInto('Landed Costs', '50000');
    await choose('Landed Costs Paid By', 'Cash');
    await expect.poll(() => testId('goods-value')).toBe('Goods value: UGX 211,200');
    await expect.poll(() => testId('receipt-total')).toBe('Goods and landed costs: UGX 261,200');
    expect(await seriousViolations()).toEqual([]);

    // More than remains on the order: the server's refusal shows under that line's quantity, nothing is saved.
    await typeInto('Line 1 quantity', '11');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await errorUnder('Line 1 quantity')).toBe(
      `Only ${quantityWithUnit(10, 'Nails 4 inch unit')} of Nails 4 inch remain on ${order.po_number}.`,
    );
    expect(page.url()).toBe(`${app.url}/goodsreceivedcreate?purchase_order_id=${order.id}`);
    await typeInto('Line 1 quantity', '6');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/goodsreceivedshow\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const shown = await apiCall(app.url, 'GET', `/goodsreceivedshow/${id}`, undefined, admin);
    expect(shown.status).toBe(200);
    const receipt = shown.body.data;
    // 6 × 7,200 and 5 × 33,600; 50,000 of landed costs spread by value: 10,227 and 39,773.
    expect(receipt.lines.map((l: { line_value: number }) => l.line_value)).toEqual([43_200, 168_000]);
    expect(receipt.lines.map((l: { landed_cost: number }) => l.landed_cost)).toEqual([10_227, 39_773]);
    expect(receipt).toMatchObject({ goods_value: 211_200, landed_costs: 50_000, amount_due: 211_200 });

    await page.getByRole('heading', { name: `Goods Received ${receipt.grn_number}` }).waitFor();
    // The save's message came along.
    await page.getByRole('status').filter({ hasText: 'Goods received successfully!' }).waitFor();
    await page.getByRole('cell', { name: 'INV-2231' }).waitFor();
    for (const line of receipt.lines) {
      const cells = await page
        .getByRole('row', { name: new RegExp(line.batch.batch_number) })
        .getByRole('cell')
        .allInnerTexts();
      expect(cells).toEqual(
        expect.arrayContaining([formatMoney(line.line_value), formatMoney(line.landed_cost), line.batch.batch_number]),
      );
    }
    expect(await testId('goods-value')).toBe(formatMoney(receipt.goods_value));
    expect(await testId('landed-costs')).toBe(formatMoney(receipt.landed_costs));
    expect(await testId('amount-due')).toBe(formatMoney(receipt.amount_due));
    expect(await seriousViolations()).toEqual([]);

    // The order has goods still to come.
    await page.getByRole('link', { name: order.po_number }).click();
    await page.waitForURL(`${app.url}/purchaseordershow/${order.id}`);
    await page.getByRole('cell', { name: 'Partly received', exact: true }).waitFor();
    const after = await apiCall(app.url, 'GET', `/purchaseordershow/${order.id}`, undefined, admin);
    expect(after.body.data.status).toBe('PARTLY_RECEIVED');
    expect(after.body.data.lines.map((l: { remaining: number }) => l.remaining)).toEqual([4, 0]);
    // Still receivable: the rest may come later.
    await page.getByRole('link', { name: 'Receive goods' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('turns a supplier’s reorder suggestions into a draft order, saved after checking', async () => {
    await openFromMenu(page, app.url, 'Purchase Orders', '/purchaseorderlist');
    await page.getByRole('link', { name: 'Reorder suggestions' }).click();
    await page.waitForURL(`${app.url}/purchaseordersuggestions`);
    await choose('Supplier', 'Wire Mesh supplier');

    const row = page.getByRole('row', { name: /Wire Mesh/ });
    await row.waitFor();
    // Balance, minimum, sold in 30 days, suggested quantity, last unit cost.
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(1)).toEqual(['Wire Mesh', 'Wire Mesh brand', 'Wire Mesh unit', '0', '1', '3', '4', '12,000']);
    expect(await row.getByRole('checkbox', { name: 'Order Wire Mesh' }).isChecked()).toBe(true);
    expect(await seriousViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Create draft order' }).click();

    await page.waitForURL(`${app.url}/purchaseordercreate`);
    await expect.poll(() => textbox('Supplier').inputValue()).toBe('Wire Mesh supplier');
    await expect.poll(() => textbox('Line 1 product').inputValue()).toBe('Wire Mesh');
    await expect.poll(() => textbox('Line 1 brand').inputValue()).toBe('Wire Mesh brand');
    await expect.poll(() => textbox('Line 1 unit').inputValue()).toBe('Wire Mesh unit');
    expect(await textbox('Line 1 quantity').inputValue()).toBe('4');
    expect(await textbox('Line 1 unit cost').inputValue()).toBe('12,000');
    await expect.poll(() => testId('order-total')).toBe('Total: UGX 48,000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.url}/purchaseorderlist`);

    const listed = page.getByRole('row', { name: /Wire Mesh supplier/ });
    await listed.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.waitForURL(/\/purchaseordershow\/\d+$/);
    const shown = await apiCall(app.url, 'GET', `/purchaseordershow/${page.url().split('/').pop()}`, undefined, admin);
    expect(shown.body.data.status).toBe('OPEN');
    expect(shown.body.data.lines).toHaveLength(1);
    expect(shown.body.data.lines[0]).toMatchObject({
      product: { name: 'Wire Mesh' },
      brand: { name: 'Wire Mesh brand' },
      unit: { name: 'Wire Mesh unit' },
      factor: 1,
      ordered: 4,
      unit_cost: 12_000,
      line_total: 48_000,
    });
    expect(errors).toEqual([]);
  });
});
