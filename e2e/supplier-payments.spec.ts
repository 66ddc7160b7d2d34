import { formatMoney } from '@duka/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  apiToken,
  axeViolations,
  collectErrors,
  openFromMenu,
  type RunningApp,
  retype,
  saleThroughApi,
  signedInPage,
  signInThroughUi,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// What the shop owes its suppliers, in Chromium: two deliveries received on credit through the API (an older bill of
// 400,000 and today's of 150,000); the dashboard's "Owed to suppliers" card and the payables report opened from it,
// each showing the server's total; the supplier's statement opened from the suppliers list, a part payment typed in
// (the oldest bill paid first), a payment of more than is owed refused with what is owed, and the payment reversed
// with a reason. Then a cashier pays cash out of the till, and their cash-up shows it paid out and expects less cash.
let app: RunningApp;
let browser: Browser;
let admin: string;
let page: Page;
let supplierId: number;
let olderBill: number;
let todaysBill: number;
let sheets: { batch_number: string };
const errors: string[] = [];

const SUPPLIER = 'Nakivubo Steel Traders';
const DAY_MS = 86_400_000;
/** A shop day (Kampala) `days` before today, YYYY-MM-DD. */
const shopDayAgo = (days: number) =>
  new Date(Date.now() - days * DAY_MS).toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' });

async function post(path: string, body: Record<string, unknown>, token = admin) {
  const res = await apiCall(app.url, 'POST', path, body, token);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
async function get(path: string, token = admin) {
  const res = await apiCall(app.url, 'GET', path, undefined, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
/** The id of `name` in an id-and-name lookup's answer (/getproducts, /getmeasurements). */
const idOf = (answer: { data: { id: number; name: string }[] }, name: string) =>
  answer.data.find((o) => o.name === name)?.id;
/** What of a receipt is still unpaid, as the server says. */
const amountDue = async (id: number) => (await get(`/goodsreceivedshow/${id}`)).data.amount_due as number;

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  // Iron sheets in stock (sold at the till below) and the product the deliveries bring, counted in Sheets.
  sheets = await stockItem(app.url, admin, 'Iron Sheet', 45_000, 50, 'Sheet');
  const products = await get('/getproducts');
  const measurements = await get('/getmeasurements');
  const supplier = await post('/supplierstore', {
    name: SUPPLIER,
    phone_number: '0772456789',
    email: 'sales@nakivubosteel.test',
    tin: '1000456789',
    country: 'Uganda',
    address: 'Nakivubo Road, Kampala',
    environment: 'PRODUCTION',
  });
  supplierId = supplier.id;
  const onCredit = async (receivedDate: string, quantity: number, unitCost: number) =>
    (
      await post('/goodsreceivedstore', {
        supplier_id: supplierId,
        received_date: receivedDate,
        supplier_invoice_number: `INV-${quantity}`,
        payment: 'CREDIT',
        lines: [
          {
            product_id: idOf(products, 'Iron Sheet'),
            brand_id: null,
            measurement_id: idOf(measurements, 'Sheet'),
            quantity,
            unit_cost: unitCost,
            sale_price: 45_000,
          },
        ],
      })
    ).id as number;
  olderBill = await onCredit(shopDayAgo(10), 10, 40_000);
  todaysBill = await onCredit(shopDayAgo(0), 5, 30_000);
  // A context of its own: axe-core injects its script through it.
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  page.setDefaultTimeout(10_000);
  collectErrors(errors)(page);
  await signInThroughUi(page, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.waitForURL(`${app.url}/home`);
}, 120_000);
afterAll(() => stopAll(app, browser));

const textbox = (label: string, on: Page = page) => on.getByRole('textbox', { name: label, exact: true });
/** Clicks a field, rubs out what it holds (End, then one Backspace per character) and types into it. */
async function typeInto(label: string, text: string, on: Page = page) {
  await retype(textbox(label, on), text);
}
async function choose(label: string, option: string, on: Page = page) {
  await textbox(label, on).click();
  await on.getByRole('option', { name: option, exact: true }).click();
}
/** A card's figure (FigureCards names each card by its label). */
const card = async (label: string, on: Page = page) =>
  ((await on.getByRole('group', { name: label }).textContent()) ?? '').replace(label, '').trim();
/** The serious and critical WCAG 2 A/AA violations on the page as it is now (as a11y.spec.ts counts them). */
const seriousViolations = () => axeViolations(page);
const closingRow = () => page.getByTestId('statement-closing').getByRole('cell').allInnerTexts();

/** Opens the supplier's statement from the suppliers list, as its row's Statement action. */
async function openStatement(on: Page) {
  await openFromMenu(on, app.url, 'Suppliers', '/supplierlist');
  await typeInto('Search', 'Nakivubo', on);
  await on.getByRole('button', { name: 'Search', exact: true }).click();
  const row = on.getByRole('row', { name: new RegExp(SUPPLIER) });
  await row.getByRole('button', { name: 'Actions' }).click();
  await on.getByRole('menuitem', { name: 'Statement' }).click();
  await on.waitForURL(`${app.url}/supplierstatement/${supplierId}`);
}

describe('paying suppliers', () => {
  it('the dashboard card, the payables report opened from it and the API show the same total', async () => {
    const server = await get('/reportpayableslist');
    expect(server.total_payables).toBe(400_000 + 150_000);

    await openFromMenu(page, app.url, 'Dashboard', '/dashboard');
    await expect
      .poll(() => page.getByTestId('card-payables-total').textContent(), { timeout: 10_000 })
      .toBe(`UGX ${formatMoney(server.total_payables)}`);
    const onDashboard = await page.getByTestId('card-payables-total').textContent();

    await page.getByRole('link', { name: 'Open the Payables Report' }).click();
    await page.waitForURL(`${app.url}/reportpayableslist`);
    await page.getByRole('heading', { name: 'Payables Report' }).waitFor();
    await expect.poll(() => card('Total Payables (UGX)')).toBe(formatMoney(server.total_payables));
    expect(`UGX ${await card('Total Payables (UGX)')}`).toBe(onDashboard);
    // The supplier's row: the balance, today's bill current and the older one 1–30 days old.
    const row = page.getByRole('row', { name: new RegExp(SUPPLIER) });
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(2, 10)).toEqual([SUPPLIER, '0772456789', '550,000', '150,000', '400,000', '0', '0', '0']);
    expect(cells[10]).toBe(shopDayAgo(10));
    expect(await seriousViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  let paymentNumber = '';

  it('pays part of what is owed from the statement: the oldest bill is paid first', async () => {
    await openStatement(page);
    await expect.poll(() => card('Owed Now (UGX)')).toBe('550,000');
    await expect.poll(() => page.getByTestId('statement-line').count()).toBe(2);
    expect(await closingRow()).toEqual([shopDayAgo(0), 'Closing balance', '550,000']);
    expect(await seriousViolations()).toEqual([]);

    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Pay ${SUPPLIER}` });
    await dialog.waitFor();
    await dialog.getByText(`Owed to ${SUPPLIER} before this payment: UGX 550,000.`, { exact: false }).waitFor();
    await typeInto('Amount (UGX)', '450000');
    await choose('Payment method', 'Bank');
    // Only cash comes out of the till.
    expect(await dialog.getByRole('checkbox', { name: 'Paid from the till' }).count()).toBe(0);
    await typeInto('Reference', 'TT-2211');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const recorded = (await dialog.getByRole('status').textContent()) ?? '';
    paymentNumber = recorded.match(/SP\d+/)?.[0] ?? '';
    expect(recorded).toBe(`Payment ${paymentNumber} recorded.`);
    expect(await dialog.getByTestId('balance-after').textContent()).toBe(`Owed to ${SUPPLIER} now: UGX 100,000`);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    await expect.poll(() => card('Owed Now (UGX)')).toBe('100,000');
    await expect.poll(() => page.getByTestId('statement-line').count()).toBe(3);
    const payment = page.getByTestId('statement-line').filter({ hasText: paymentNumber });
    const [, kind, reference, details, debit, credit, balance] = await payment.getByRole('cell').allInnerTexts();
    expect(kind).toBe('Payment');
    expect(reference?.startsWith(paymentNumber)).toBe(true);
    expect(details).toContain('TT-2211');
    expect([debit, credit, balance]).toEqual(['', '450,000', '100,000']);
    expect(await closingRow()).toEqual([shopDayAgo(0), 'Closing balance', '100,000']);
    // The older bill paid in full, the rest off today's.
    expect(await amountDue(olderBill)).toBe(0);
    expect(await amountDue(todaysBill)).toBe(100_000);
    expect(errors).toEqual([]);
  });

  it('refuses a payment of more than is owed, saying what is owed', async () => {
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Pay ${SUPPLIER}` });
    await dialog.waitFor();
    await typeInto('Amount (UGX)', '100001');
    await choose('Payment method', 'Cash');
    // The dialog, with the box only cash shows, reads at AA contrast.
    await dialog.getByRole('checkbox', { name: 'Paid from the till' }).waitFor();
    expect(await seriousViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const refusal = `The shop owes ${SUPPLIER} UGX 100,000; a payment cannot be more.`;
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(refusal);
    expect(await dialog.getByRole('status').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => card('Owed Now (UGX)')).toBe('100,000');
    expect(await amountDue(todaysBill)).toBe(100_000);
    expect(errors).toEqual([]);
  });

  it('reverses the payment with a reason: both bills are owed again', async () => {
    await page.getByRole('button', { name: `Reverse ${paymentNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reverse payment ${paymentNumber}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Reverse payment' }).click();
    await dialog.getByText('Say why the payment is reversed.').waitFor();
    await textbox('Reason').click();
    await page.keyboard.type('The bank transfer was returned');
    await dialog.getByRole('button', { name: 'Reverse payment' }).click();
    expect(await dialog.getByRole('status').textContent()).toMatch(/^Reversal SP\d+ recorded\.$/);
    expect(await dialog.getByTestId('balance-after').textContent()).toBe(`Owed to ${SUPPLIER} now: UGX 550,000`);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    await expect.poll(() => card('Owed Now (UGX)')).toBe('550,000');
    await page.getByTestId('statement-line').filter({ hasText: 'Reversal' }).waitFor();
    await expect.poll(closingRow).toEqual([shopDayAgo(0), 'Closing balance', '550,000']);
    const paid = page.getByTestId('statement-line').filter({ hasText: paymentNumber }).first();
    await paid.getByText('Reversed', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: `Reverse ${paymentNumber}` }).count()).toBe(0);
    expect(await amountDue(olderBill)).toBe(400_000);
    expect(await amountDue(todaysBill)).toBe(150_000);
    expect(errors).toEqual([]);
  });

  it('a cashier pays cash out of the till: their cash-up shows it paid out and expects that much less', async () => {
    // The demo Cashier (who cashes up) may also open a supplier's statement and pay them.
    const roles = await get('/rolelist?pagination_size=100');
    const role = roles.data.find((r: { name: string }) => r.name === 'Cashier');
    const assigned = await get(`/assignedmenus/${role.id}`);
    await post(`/assignmenus/${role.id}`, {
      selectedMenus: [...assigned.assignedMenuNames, 'supplierList', 'supplierStatement', 'supplierPayment'],
    });
    const cashierToken = await apiToken(app.url, DEMO_CASHIER);
    // Two sheets sold for cash: 90,000 in the drawer.
    await saleThroughApi(app.url, cashierToken, [[sheets, 2]]);
    const cashier = await signedInPage(browser, app.url, DEMO_CASHIER, {
      viewport: { width: 1366, height: 900 },
      prepare: collectErrors(errors),
    });
    const cashUpDay = async () => (await get(`/salescashup?date=${shopDayAgo(0)}`, cashierToken)).data;

    await openFromMenu(cashier, app.url, 'Cash-up', '/salescashup');
    const before = await cashUpDay();
    expect(before.expected_cash).toBe(90_000);
    await expect.poll(() => cashier.getByTestId('cashup-expected').textContent()).toBe('90,000');
    expect(await cashier.getByTestId('cashup-paid-out').textContent()).toBe('0');

    await openStatement(cashier);
    await cashier.getByRole('button', { name: 'Record payment' }).click();
    const dialog = cashier.getByRole('dialog', { name: `Pay ${SUPPLIER}` });
    await dialog.waitFor();
    await typeInto('Amount (UGX)', '60000', cashier);
    await choose('Payment method', 'Cash', cashier);
    await dialog.getByRole('checkbox', { name: 'Paid from the till' }).click();
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    expect(await dialog.getByRole('status').textContent()).toMatch(/^Payment SP\d+ recorded\.$/);
    expect(await dialog.getByTestId('balance-after').textContent()).toBe(`Owed to ${SUPPLIER} now: UGX 490,000`);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => card('Owed Now (UGX)', cashier)).toBe('490,000');

    await openFromMenu(cashier, app.url, 'Cash-up', '/salescashup');
    const after = await cashUpDay();
    expect(after.cash_paid_out).toBe(60_000);
    expect(after.supplier_payments_count).toBe(1);
    expect(after.expected_cash).toBe(90_000 - 60_000);
    const open = cashier.getByTestId('cashup-open');
    await expect.poll(() => open.getByTestId('cashup-paid-out').textContent()).toBe('60,000');
    await expect.poll(() => open.getByTestId('cashup-expected').textContent()).toBe(formatMoney(after.expected_cash));
    await open.getByText(/· 1 sale, 0 returns, 1 supplier payment$/).waitFor();
    await cashier.close();
    expect(errors).toEqual([]);
  });
});
