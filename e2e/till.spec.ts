import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  apiToken,
  collectErrors,
  menuLink,
  openFromMenu,
  type RunningApp,
  saleThroughApi,
  signedInPage,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// The till in Chromium as a cashier works it: a cash sale with change, a split sale with a mobile-money
// transaction id, the day's cash-up (its difference large, a confirmation before saving one that does not balance)
// and a manager's recount, and the receipt on an 80 mm roll.
let app: RunningApp;
let browser: Browser;
let admin: string;
let page: Page;
let cement: { id: number; batch_number: string };
const errors: string[] = [];

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  cement = await stockItem(app.url, admin, 'Cement Bag', 38_000, 100);
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
    // Plain digits while it has the focus, so what is typed never moves the caret.
    expect(await amount.inputValue()).toBe('76000');
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

describe('cashing up', () => {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' });
  const cashUpDay = async () =>
    (await apiCall(app.url, 'GET', `/salescashup?date=${today}&user_id=${await cashierId()}`, undefined, admin)).body
      .data;
  const cashierId = async () =>
    (await apiCall(app.url, 'GET', '/salescashupcashiers', undefined, admin)).body.data.find(
      (u: { name: string }) => u.name === 'Grace Namutebi',
    ).id;

  it('shows the difference large and asks to confirm before saving a cash-up that does not balance', async () => {
    await menuLink(page, 'Cash-up').click();
    await page.waitForURL(`${app.url}/salescashup`);
    const open = page.getByTestId('cashup-open');
    await open.getByText('Grace Namutebi · 2 sales, 0 returns').waitFor();
    // 100,000 + 100,000 handed over in cash, less 24,000 change.
    await expect.poll(() => page.getByTestId('cashup-expected').textContent()).toBe('176,000');
    const counted = page.getByRole('textbox', { name: 'Counted cash (UGX)' });
    await counted.click();
    await page.keyboard.type('0');
    await expect.poll(() => page.getByTestId('cashup-live-difference').textContent()).toBe('Short by UGX 176,000');
    const fontSize = await page.getByTestId('cashup-live-difference').evaluate((el) => getComputedStyle(el).fontSize);
    expect(Number.parseFloat(fontSize)).toBeGreaterThanOrEqual(28);

    // Save asks first; going back to count saves nothing.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Save this cash-up?' });
    await confirm.getByTestId('cashup-confirm-difference').getByText('Short by UGX 176,000').waitFor();
    await confirm.getByRole('button', { name: 'Count again' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await cashUpDay()).cash_ups).toEqual([]);

    // The cashier counts again: 175,500, short by 500, and confirms that.
    await counted.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('175500');
    await expect.poll(() => page.getByTestId('cashup-live-difference').textContent()).toBe('Short by UGX 500');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await confirm.getByTestId('cashup-confirm-difference').getByText('Short by UGX 500').waitFor();
    await confirm.getByRole('button', { name: 'Save with this difference' }).click();

    await expect.poll(async () => (await cashUpDay()).cash_ups.length).toBe(1);
    const card = page.getByTestId(`cashup-saved-${(await cashUpDay()).cash_ups[0].id}`);
    await card.getByText(/^Cash-up No\. \d+ · 2 sales, 0 returns$/).waitFor();
    await expect.poll(() => card.getByTestId('cashup-saved-difference').textContent()).toBe('Short by UGX 500');
    expect((await cashUpDay()).cash_ups[0]).toMatchObject({ counted_cash: 175_500, difference: -500 });
    // Nothing new to count: no second save offered.
    await page.getByTestId('cashup-nothing-new').waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('lets the Administrator record a recount beside the first count, with its reason', async () => {
    const owner = await signedInPage(browser, app.url, undefined, { viewport: { width: 1366, height: 768 } });
    await openFromMenu(owner, app.url, 'Cash-up', '/salescashup');
    const picker = owner.getByRole('textbox', { name: 'Cashier' });
    await expect.poll(() => picker.inputValue()).toBe('Administrator');
    await picker.click();
    await owner.getByRole('option', { name: 'Grace Namutebi', exact: true }).click();
    await owner.getByRole('button', { name: 'Recount' }).click();
    const dialog = owner.getByRole('dialog', { name: /^Recount cash-up No\. \d+$/ });
    await dialog.getByRole('textbox', { name: 'Counted cash (UGX)' }).click();
    await owner.keyboard.type('176000');
    await expect.poll(() => dialog.getByTestId('recount-difference').textContent()).toBe('Balanced');
    await dialog.getByRole('textbox', { name: 'Reason' }).click();
    await owner.keyboard.type('500 found under the drawer tray');
    await dialog.getByRole('button', { name: 'Save recount' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => owner.getByTestId('cashup-saved-difference').textContent()).toBe('Balanced');
    const counts = owner.getByTestId('cashup-counts');
    await counts.getByText(/^First count No\. \d+ .* counted 175,500, difference -500$/).waitFor();
    await counts
      .getByText(
        /^Recount No\. \d+ .* by Administrator: counted 176,000, difference 0 \(500 found under the drawer tray\)$/,
      )
      .waitFor();
    const records = (await cashUpDay()).cash_ups;
    expect(records).toMatchObject([
      { counted_cash: 175_500, recount_of: null },
      { counted_cash: 176_000, recount_of: records[0].id, reason: '500 found under the drawer tray' },
    ]);
    await owner.close();
  });

  it('cashes up a second shift the same day: what was sold after the first cash-up, saved without asking when it balances', async () => {
    const cashier = await apiToken(app.url, DEMO_CASHIER);
    // The cashier sells at the till after the first cash-up, then comes back to cash up the shift.
    await saleThroughApi(app.url, cashier, [[cement, 1]], { payments: [{ method: 'CASH', amount: 40_000 }] });
    await openFromMenu(page, app.url, 'POS', '/salespos');
    await openFromMenu(page, app.url, 'Cash-up', '/salescashup');
    const open = page.getByTestId('cashup-open');
    await open.getByText('Grace Namutebi · 1 sale, 0 returns').waitFor();
    await open.getByText('The next cash-up of the day: what was sold or returned after the last one.').waitFor();
    await expect.poll(() => open.getByTestId('cashup-expected').textContent()).toBe('38,000');
    await open.getByRole('textbox', { name: 'Counted cash (UGX)' }).click();
    await page.keyboard.type('38000');
    await expect.poll(() => open.getByTestId('cashup-live-difference').textContent()).toBe('Balanced');
    await open.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('cashup-nothing-new').waitFor();
    const saved = (await cashUpDay()).cash_ups.filter((c: { recount_of: number | null }) => !c.recount_of);
    expect(saved).toMatchObject([{ counted_cash: 175_500 }, { counted_cash: 38_000, difference: 0 }]);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page
      .getByTestId(`cashup-saved-${saved[1].id}`)
      .getByText(/· 1 sale, 0 returns$/)
      .waitFor();
    expect(errors).toEqual([]);
  });
});
