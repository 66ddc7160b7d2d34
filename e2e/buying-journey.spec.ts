import { formatMoney } from '@duka/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  collectErrors,
  openFromMenu,
  type RunningApp,
  retype,
  saleThroughApi,
  signedInPage,
  startShop,
  stopAll,
} from './support.ts';

// Buying from start to end, in Chromium, as the Administrator does it: steel bars counted in Pieces and bought in
// Bundles of 10 run low, the reorder suggestions turn into an order of Bundles, the goods come in two deliveries on
// credit (the first short, with transport paid in cash), and part of the bill is paid from the supplier's statement,
// opened from the payables report reached through the dashboard. Every figure on screen is checked against the API,
// and the stock levels hold the deliveries in Pieces.
let app: RunningApp;
let browser: Browser;
let admin: string;
let page: Page;
let supplierId: number;
const errors: string[] = [];

const SUPPLIER = 'Kikuubo Steel Suppliers';
const PRODUCT = 'Y16 Steel Bar';
const BRAND = 'Tembo Steels';
/** Today's shop day (Kampala), YYYY-MM-DD. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' });

async function send(method: string, path: string, body: Record<string, unknown>) {
  const res = await apiCall(app.url, method, path, body, admin);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const post = (path: string, body: Record<string, unknown>) =>
  send('POST', path, { ...body, environment: 'PRODUCTION' });
async function get(path: string) {
  const res = await apiCall(app.url, 'GET', path, undefined, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  const category = await post('/categorystore', { name: 'Steel & Wire' });
  const product = await post('/productstore', { name: PRODUCT, category_id: category.id });
  const [brand] = await post('/brandstore', { name: BRAND, product_ids: [product.id] });
  const piece = await post('/measurementstore', { name: 'Piece' });
  const bundle = await post('/measurementstore', { name: 'Bundle' });
  // Counted in Pieces; a Bundle holds 10.
  await send('PUT', `/productunitsupdate/${product.id}`, {
    base_measurement_id: piece.id,
    units: [{ measurement_id: bundle.id, factor: 10 }],
  });
  const supplier = await post('/supplierstore', {
    name: SUPPLIER,
    phone_number: '0772889900',
    email: 'orders@kikuubosteel.test',
    tin: '1000889900',
    country: 'Uganda',
    address: 'Kikuubo Lane, Kampala',
  });
  supplierId = supplier.id;
  // 30 Pieces bought from them at 28,000 with a minimum of 10; 15 and 7 sold today leave 8, at or below the minimum.
  const batch = await post('/stockstore', {
    product_id: product.id,
    brand_id: brand.id,
    measurement_id: piece.id,
    supplier_id: supplierId,
    quantity: 30,
    unit_price: 28_000,
    sale_price: 35_000,
    min_stock_level: 10,
    stock_date: today(),
  });
  await saleThroughApi(app.url, admin, [[batch, 15]]);
  await saleThroughApi(app.url, admin, [[batch, 7]]);
  page = await signedInPage(browser, app.url, undefined, {
    viewport: { width: 1366, height: 900 },
    prepare: collectErrors(errors),
  });
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
/** A card's figure (FigureCards names each card by its label). */
const card = async (label: string) =>
  ((await page.getByRole('group', { name: label }).textContent()) ?? '').replace(label, '').trim();
const testId = (id: string) => page.getByTestId(id).textContent();
/** The order's status as its page shows it, once the page shows the order. */
async function orderStatusShown(orderId: number, status: string) {
  await page.waitForURL(`${app.url}/purchaseordershow/${orderId}`);
  await page.getByRole('cell', { name: status, exact: true }).waitFor();
}
/** From the order's page to its receipt form, which starts from the order's supplier. */
async function openReceiptForm(orderId: number) {
  await page.getByRole('link', { name: 'Receive goods' }).click();
  await page.waitForURL(`${app.url}/goodsreceivedcreate?purchase_order_id=${orderId}`);
  await expect.poll(() => textbox('Supplier').inputValue()).toBe(SUPPLIER);
}

describe('buying journey', () => {
  it('from a low-stock suggestion to an order in Bundles, two receipts on credit and a part payment', {
    timeout: 240_000,
  }, async () => {
    // What to reorder: 22 sold in 30 days + the minimum of 10 − the 8 left = 24 Pieces, at the last cost.
    await openFromMenu(page, app.url, 'Purchase Orders', '/purchaseorderlist');
    await page.getByRole('link', { name: 'Reorder suggestions' }).click();
    await page.waitForURL(`${app.url}/purchaseordersuggestions`);
    await choose('Supplier', SUPPLIER);
    const suggestion = page.getByRole('row', { name: new RegExp(PRODUCT) });
    await suggestion.waitFor();
    const [, ...cells] = await suggestion.getByRole('cell').allInnerTexts();
    expect(cells).toEqual([PRODUCT, BRAND, 'Piece', '8', '10', '22', '24', '28,000']);
    expect(await suggestion.getByRole('checkbox', { name: `Order ${PRODUCT}` }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create draft order' }).click();

    // The draft in Pieces, changed to 3 Bundles (30 Pieces: a whole number of Bundles over the 24) at the Bundle's cost.
    await page.waitForURL(`${app.url}/purchaseordercreate`);
    await expect.poll(() => textbox('Supplier').inputValue()).toBe(SUPPLIER);
    await expect.poll(() => textbox('Line 1 product').inputValue()).toBe(PRODUCT);
    await expect.poll(() => textbox('Line 1 unit').inputValue()).toBe('Piece (base)');
    expect(await textbox('Line 1 quantity').inputValue()).toBe('24');
    expect(await textbox('Line 1 unit cost').inputValue()).toBe('28,000');
    await expect.poll(() => testId('order-total')).toBe(`Total: UGX ${formatMoney(24 * 28_000)}`);
    await choose('Line 1 unit', 'Bundle (10 Pieces)');
    await typeInto('Line 1 quantity', '3');
    await typeInto('Line 1 unit cost', '275000');
    await expect.poll(() => textbox('Line 1 total').inputValue()).toBe('825,000');
    await expect.poll(() => testId('order-total')).toBe('Total: UGX 825,000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.url}/purchaseorderlist`);

    const listed = page.getByRole('row', { name: new RegExp(SUPPLIER) });
    await listed.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.waitForURL(/\/purchaseordershow\/\d+$/);
    const orderId = Number(page.url().split('/').pop());
    const order = (await get(`/purchaseordershow/${orderId}`)).data;
    expect(order.status).toBe('OPEN');
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({
      product: { name: PRODUCT },
      brand: { name: BRAND },
      unit: { name: 'Bundle' },
      factor: 10,
      ordered: 3,
      unit_cost: 275_000,
      line_total: 825_000,
    });
    await expect.poll(() => testId('order-total')).toBe(formatMoney(order.total_amount));

    // The first delivery: 2 of the 3 Bundles, on credit, with 30,000 of transport paid in cash.
    await openReceiptForm(orderId);
    expect(await textbox('Line 1 product').inputValue()).toBe(PRODUCT);
    expect(await textbox('Line 1 unit').inputValue()).toBe('Bundle (10 Pieces)');
    expect(await textbox('Line 1 quantity').inputValue()).toBe('3');
    expect(await textbox('Line 1 unit cost').inputValue()).toBe('275,000');
    expect(await page.getByRole('radio', { name: 'On credit (a supplier bill)' }).isChecked()).toBe(true);
    await typeInto('Line 1 quantity', '2');
    await expect.poll(() => textbox('Line 1 value').inputValue()).toBe('550,000');
    // Per Bundle: 35,000 a Piece; the minimum of 1 Bundle is 10 Pieces.
    await typeInto('Line 1 sale price', '350000');
    await typeInto('Line 1 minimum stock level', '1');
    await typeInto('Supplier Invoice Number', 'KSS-4471');
    await typeInto('Landed Costs', '30000');
    await choose('Landed Costs Paid By', 'Cash');
    await expect.poll(() => testId('goods-value')).toBe('Goods value: UGX 550,000');
    await expect.poll(() => testId('receipt-total')).toBe('Goods and landed costs: UGX 580,000');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/goodsreceivedshow\/\d+$/);
    const firstId = Number(page.url().split('/').pop());
    const first = (await get(`/goodsreceivedshow/${firstId}`)).data;
    // The bill is the goods' value; the transport went into the batch's cost, not onto the supplier's bill.
    expect(first).toMatchObject({
      purchase_order: { id: orderId },
      payment: 'CREDIT',
      goods_value: 550_000,
      landed_costs: 30_000,
      landed_costs_method: 'CASH',
      amount_due: 550_000,
    });
    expect(first.lines).toHaveLength(1);
    const [firstLine] = first.lines;
    expect(firstLine).toMatchObject({ quantity: 2, factor: 10, unit_cost: 275_000, sale_price: 350_000 });
    expect(firstLine).toMatchObject({ line_value: 550_000, landed_cost: 30_000, batch: { total_cost: 580_000 } });
    await page.getByRole('heading', { name: `Goods Received ${first.grn_number}` }).waitFor();
    await page.getByRole('cell', { name: 'KSS-4471' }).waitFor();
    const received = await page
      .getByRole('row', { name: new RegExp(firstLine.batch.batch_number) })
      .getByRole('cell')
      .allInnerTexts();
    expect(received).toEqual([
      PRODUCT,
      BRAND,
      '2 Bundles (= 20 Pieces)',
      formatMoney(firstLine.unit_cost),
      formatMoney(firstLine.sale_price),
      formatMoney(firstLine.line_value),
      formatMoney(firstLine.landed_cost),
      firstLine.batch.batch_number,
    ]);
    expect(await testId('goods-value')).toBe(formatMoney(first.goods_value));
    expect(await testId('landed-costs')).toBe(formatMoney(first.landed_costs));
    expect(await testId('amount-due')).toBe(formatMoney(first.amount_due));

    // One Bundle still to come.
    await page.getByRole('link', { name: order.po_number }).click();
    await orderStatusShown(orderId, 'Partly received');
    const partly = (await get(`/purchaseordershow/${orderId}`)).data;
    expect(partly.status).toBe('PARTLY_RECEIVED');
    expect(partly.lines[0]).toMatchObject({ received: 2, remaining: 1 });

    // The rest, on credit, without landed costs.
    await openReceiptForm(orderId);
    expect(await textbox('Line 1 quantity').inputValue()).toBe('1');
    await typeInto('Line 1 sale price', '350000');
    await typeInto('Supplier Invoice Number', 'KSS-4502');
    await expect.poll(() => testId('receipt-total')).toBe('Goods and landed costs: UGX 275,000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(
      (url) => /\/goodsreceivedshow\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${firstId}`),
    );
    const secondId = Number(page.url().split('/').pop());
    const second = (await get(`/goodsreceivedshow/${secondId}`)).data;
    expect(second).toMatchObject({ goods_value: 275_000, landed_costs: 0, amount_due: 275_000 });
    await expect.poll(() => testId('amount-due')).toBe(formatMoney(second.amount_due));
    await page.getByRole('link', { name: order.po_number }).click();
    await orderStatusShown(orderId, 'Received');
    expect((await get(`/purchaseordershow/${orderId}`)).data.status).toBe('RECEIVED');
    // Nothing left to receive.
    expect(await page.getByRole('link', { name: 'Receive goods' }).count()).toBe(0);

    // What is owed, from the dashboard's card to the payables report and on to the supplier's statement.
    const owed = await get('/reportpayableslist');
    const owedRow = owed.data.data.find((r: { supplier_id: number }) => r.supplier_id === supplierId);
    expect(owedRow).toMatchObject({ balance: 825_000, current: 825_000 });
    await openFromMenu(page, app.url, 'Dashboard', '/dashboard');
    await expect.poll(() => testId('card-payables-total')).toBe(`UGX ${formatMoney(owed.total_payables)}`);
    await page.getByRole('link', { name: 'Open the Payables Report' }).click();
    await page.waitForURL(`${app.url}/reportpayableslist`);
    await expect.poll(() => card('Total Payables (UGX)')).toBe(formatMoney(owed.total_payables));
    const reportRow = page.getByRole('row', { name: new RegExp(SUPPLIER) });
    const [, , , , balance, current] = await reportRow.getByRole('cell').allInnerTexts();
    expect([balance, current]).toEqual(['825,000', '825,000']);
    await reportRow.getByRole('link', { name: SUPPLIER, exact: true }).click();
    await page.waitForURL(`${app.url}/supplierstatement/${supplierId}`);
    await expect.poll(() => card('Owed Now (UGX)')).toBe('825,000');

    // Part of it paid by bank transfer: the older bill is paid first.
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Pay ${SUPPLIER}` });
    await dialog.waitFor();
    await typeInto('Amount (UGX)', '500000');
    await choose('Payment method', 'Bank');
    await typeInto('Reference', 'TT-88120');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    expect(await dialog.getByRole('status').textContent()).toMatch(/^Payment SP\d+ recorded\.$/);
    expect(await dialog.getByTestId('balance-after').textContent()).toBe(`Owed to ${SUPPLIER} now: UGX 325,000`);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    const statement = (await get(`/supplierstatement/${supplierId}`)).data;
    expect(statement.closing_balance).toBe(825_000 - 500_000);
    await expect.poll(() => card('Owed Now (UGX)')).toBe(formatMoney(statement.supplier.balance));
    await expect
      .poll(() => page.getByTestId('statement-closing').getByRole('cell').allInnerTexts())
      .toEqual([statement.end_date, 'Closing balance', formatMoney(statement.closing_balance)]);
    expect((await get(`/goodsreceivedshow/${firstId}`)).data.amount_due).toBe(50_000);
    expect((await get(`/goodsreceivedshow/${secondId}`)).data.amount_due).toBe(275_000);

    const after = await get('/reportpayableslist');
    expect(after.total_payables).toBe(owed.total_payables - 500_000);
    await openFromMenu(page, app.url, 'Payables Report', '/reportpayableslist');
    await expect.poll(() => card('Total Payables (UGX)')).toBe(formatMoney(after.total_payables));
    await expect
      .poll(async () => (await reportRow.getByRole('cell').allInnerTexts())[4])
      .toBe(formatMoney(statement.closing_balance));

    // The stock holds both deliveries in Pieces, each its own batch, beside the 8 left of the first.
    const levels = (await get(`/stocklevel?search=${encodeURIComponent(PRODUCT)}`)).data as {
      batch_number: string;
      measurement: { name: string };
      balance: number;
      balance_in_units: string;
      min_stock_level: number;
    }[];
    const level = (batchNumber: string) => levels.find((l) => l.batch_number === batchNumber);
    expect(levels).toHaveLength(3);
    expect(level(firstLine.batch.batch_number)).toMatchObject({
      measurement: { name: 'Piece' },
      balance: 20,
      balance_in_units: '2 Bundles',
      min_stock_level: 10,
    });
    expect(level(second.lines[0].batch.batch_number)).toMatchObject({
      measurement: { name: 'Piece' },
      balance: 10,
      balance_in_units: '1 Bundle',
    });
    expect(levels.reduce((sum, l) => sum + l.balance, 0)).toBe(8 + 20 + 10);
    expect(errors).toEqual([]);
  });
});
