import type { Browser, Page } from 'playwright-core';
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

// The till (issue 13) in Chromium as a cashier works it: a cash sale with change, a split sale with a mobile-money
// transaction id, a partial return from the sale, the day's cash-up, and the printed views on an 80 mm roll.
let app: RunningApp;
let browser: Browser;
let admin: string;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  await stockItem(app.url, admin, 'Cement Bag', 38_000, 100);
  await stockItem(app.url, admin, 'Iron Sheet', 45_000, 100);
  page = await signedInPage(browser, app.url, DEMO_CASHIER, {
    viewport: { width: 1366, height: 768 },
    prepare: collectErrors(errors),
  });
});
afterAll(() => stopAll(app, browser));

const saleOnServer = async (id: string) =>
  (await apiCall(app.url, 'GET', `/saleshow/${id}`, undefined, admin)).body.data;

/** Opens the POS from the menu and puts `count` of the item in the cart through the search box. */
async function cartOf(name: string, count: number) {
  await menuLink(page, 'POS').click();
  const search = page.getByRole('textbox', { name: 'Find item' });
  await search.click();
  await page.keyboard.type(name);
  await page.getByRole('list', { name: 'Search results' }).getByText(name, { exact: true }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('row', { name: new RegExp(name) }).waitFor();
  for (let i = 1; i < count; i++) await page.keyboard.press('+');
  await expect.poll(() => page.getByLabel(`${name} quantity`).inputValue()).toBe(String(count));
}

/** An 80 mm roll is about 302 CSS pixels wide: printed, nothing may stick out past it. */
async function fitsEightyMillimetres() {
  await page.setViewportSize({ width: 302, height: 900 });
  await page.emulateMedia({ media: 'print' });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1366, height: 768 });
  return width <= 302;
}

describe('paying at the till', () => {
  it('takes cash over the total and shows the change, on screen and on the receipt', async () => {
    await cartOf('Cement Bag', 2);
    await page.keyboard.press('F9');
    const dialog = page.getByRole('dialog', { name: 'Take payment' });
    await dialog.getByTestId('payment-total').getByText('UGX 76,000').waitFor();
    const amount = dialog.getByRole('textbox', { name: 'Amount' });
    await expect.poll(() => amount.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await amount.inputValue()).toBe('76,000');
    // The cashier types what the customer handed over: it replaces the total.
    await page.keyboard.type('100000');
    await dialog.getByTestId('payment-change').getByText('Change: UGX 24,000').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/salesreceipt\/\d+$/);
    const sale = await saleOnServer(page.url().split('/').pop() as string);
    expect(sale).toMatchObject({ total_amount: 76_000, change_given: 24_000, payment_method: 'CASH' });
    expect(await page.getByTestId('receipt-number').textContent()).toBe(`No. ${sale.receipt_number}`);
    expect(await page.getByTestId('receipt-tendered').textContent()).toBe('100,000');
    expect(await page.getByTestId('receipt-change').textContent()).toBe('24,000');
    await page.getByText('Cashier: ').waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await fitsEightyMillimetres()).toBe(true);
  });

  it('splits a sale between mobile money with its transaction id and cash', async () => {
    await cartOf('Iron Sheet', 3);
    await page.keyboard.press('F9');
    const dialog = page.getByRole('dialog', { name: 'Take payment' });
    await dialog.getByTestId('payment-total').getByText('UGX 135,000').waitFor();
    // 100,000 in cash first, then the rest by mobile money.
    await page.keyboard.type('100000');
    await dialog.getByTestId('payment-due').getByText('Still due: UGX 35,000').waitFor();
    await dialog.getByRole('button', { name: 'Add payment (split)' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Amount 2' }).inputValue()).toBe('35,000');
    // Without the transaction id the sale is not sent.
    await dialog.getByRole('button', { name: 'Confirm sale (Enter)' }).click();
    await dialog.getByRole('alert').getByText('Mobile Money needs the transaction id from the SMS.').waitFor();
    await dialog.getByRole('textbox', { name: 'Transaction id 2' }).click();
    await page.keyboard.type('MP261120.1234.A56789');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/salesreceipt\/\d+$/);
    const sale = await saleOnServer(page.url().split('/').pop() as string);
    expect(sale).toMatchObject({
      total_amount: 135_000,
      payment_method: 'SPLIT',
      change_given: 0,
      payments: [
        { method: 'CASH', amount: 100_000, reference: null },
        { method: 'MOBILE_MONEY', amount: 35_000, reference: 'MP261120.1234.A56789' },
      ],
    });
    const payments = page.getByTestId('receipt-payments');
    await payments.getByText('Mobile Money (ref MP261120.1234.A56789)').waitFor();
    expect(await page.getByTestId('receipt-change').textContent()).toBe('0');
    expect(errors).toEqual([]);
  });
});
