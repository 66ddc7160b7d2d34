import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
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

// Money typed at full speed on a slow, busy machine, in Chromium: the till's payment amount and a form's amount field
// (a customer's payment) take every digit. While a field has the focus it shows plain digits, so the caret never moves
// under the typing; once the cursor moves on it shows the thousands grouped. The sale and the payments the server
// records carry exactly what was typed.
let app: RunningApp;
let browser: Browser;
let admin: string;
let page: Page;
let cdp: CDPSession;
const errors: string[] = [];
// 40,000 and 1,234,567 together: the price of one generator, paid in two parts.
const PRICE = 1_274_567;

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  const generator = await stockItem(app.url, admin, 'Generator', PRICE, 5);
  page = await signedInPage(browser, app.url, undefined, {
    viewport: { width: 1366, height: 900 },
    timeout: 30_000,
    prepare: collectErrors(errors),
  });
  cdp = await page.context().newCDPSession(page);
  // A customer who owes for one generator, to pay it off from their page.
  const made = await apiCall(
    app.url,
    'POST',
    '/customerstore',
    { name: 'Wasswa Electricals', phone_number: '0775123123', credit_limit: 2_000_000, payment_terms_days: 30 },
    admin,
  );
  expect(made.status).toBe(200);
  customerId = made.body.data.id;
  await saleThroughApi(app.url, admin, [[generator, 1]], {
    customer_id: customerId,
    payments: [{ method: 'ACCOUNT', amount: PRICE }],
  });
});
afterAll(() => stopAll(app, browser));

let customerId: number;

/**
 * Types `text` with no pause between keys while the machine is slow and busy: the CPU slowed six times and the page's
 * own work holding the main thread most of the time, so keys pile up and reach the field in bursts, as on a cheap
 * laptop at a busy till.
 */
async function typeWhileBusy(text: string) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.evaluate(() => {
    const busy = window as unknown as { busyTimer?: number };
    busy.busyTimer = window.setInterval(() => {
      const until = performance.now() + 25;
      while (performance.now() < until);
    }, 30);
  });
  try {
    await page.keyboard.type(text);
  } finally {
    await page.evaluate(() => window.clearInterval((window as unknown as { busyTimer?: number }).busyTimer));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

/** Clicks a field, rubs out what it holds as a person does (the caret to the end, one Backspace a character). */
async function clear(field: Locator) {
  await field.click();
  await page.keyboard.press('End');
  for (let left = (await field.inputValue()).length; left > 0; left -= 1) await page.keyboard.press('Backspace');
  expect(await field.inputValue()).toBe('');
}

/** Whether the field has the focus. */
const focused = (field: Locator) => field.evaluate((el) => el === document.activeElement);

describe('money typed fast on a busy machine', () => {
  it('the payment step takes 40000 and 1234567 typed without a pause, and the sale carries them', async () => {
    await menuLink(page, 'POS').click();
    await page.getByRole('button', { name: 'Process Sale' }).waitFor();
    await page.getByRole('textbox', { name: 'Find item' }).click();
    await page.keyboard.type('Generator');
    await page.getByRole('list', { name: 'Search results' }).getByText('Generator', { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /Generator/ }).waitFor();

    await page.getByRole('button', { name: 'Take payment (F9)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take payment' });
    await dialog.getByTestId('payment-total').getByText('UGX 1,274,567').waitFor();
    const cash = dialog.getByRole('textbox', { name: 'Amount', exact: true });
    // Opened on the total, focused and selected: plain digits while it has the focus.
    await expect.poll(() => focused(cash)).toBe(true);
    expect(await cash.inputValue()).toBe('1274567');

    await clear(cash);
    await typeWhileBusy('40000');
    expect(await cash.inputValue()).toBe('40000');
    await page.keyboard.press('Tab');
    expect(await focused(cash)).toBe(false);
    expect(await cash.inputValue()).toBe('40,000');
    await dialog.getByTestId('payment-due').getByText('Still due: UGX 1,234,567').waitFor();

    // The rest by Mobile Money: the amount the new row offers rubbed out and typed again, as fast.
    await dialog.getByRole('button', { name: 'Add payment (split)' }).click();
    const mobile = dialog.getByRole('textbox', { name: 'Amount 2' });
    await expect.poll(() => mobile.inputValue()).toBe('1,234,567');
    await clear(mobile);
    await typeWhileBusy('1234567');
    expect(await mobile.inputValue()).toBe('1234567');
    await dialog.getByRole('textbox', { name: 'Transaction id 2' }).click();
    expect(await mobile.inputValue()).toBe('1,234,567');
    await page.keyboard.type('QK7731ZT');
    // Two payments now: the first is "Amount 1".
    expect(await dialog.getByRole('textbox', { name: 'Amount 1' }).inputValue()).toBe('40,000');
    await dialog.getByTestId('payment-change').getByText('Change: UGX 0').waitFor();
    await dialog.getByRole('button', { name: 'Confirm sale (Enter)' }).click();

    await page.waitForURL(/\/salesreceipt\/\d+$/);
    const id = page.url().split('/').pop() as string;
    const sale = (await apiCall(app.url, 'GET', `/saleshow/${id}`, undefined, admin)).body.data;
    expect(sale).toMatchObject({
      total_amount: PRICE,
      payments: [
        { method: 'CASH', amount: 40_000 },
        { method: 'MOBILE_MONEY', amount: 1_234_567 },
      ],
    });
    expect(errors).toEqual([]);
  });

  it('a form’s amount field takes 40000 and 1234567 typed without a pause, and the payments carry them', async () => {
    await openFromMenu(page, app.url, 'Customers', '/customerlist');
    await page.goto(`${app.url}/customershow/${customerId}`);
    await page.getByRole('heading', { name: 'Customer Details' }).waitFor();

    for (const [typed, shown, balanceAfter] of [
      ['40000', '40,000', '1,234,567'],
      ['1234567', '1,234,567', '0'],
    ]) {
      await page.getByRole('button', { name: 'Take payment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Take payment from Wasswa Electricals' });
      await dialog.waitFor();
      const amount = dialog.getByRole('textbox', { name: 'Amount (UGX)', exact: true });
      await clear(amount);
      await typeWhileBusy(typed);
      expect(await amount.inputValue()).toBe(typed);
      await page.keyboard.press('Tab');
      expect(await focused(amount)).toBe(false);
      expect(await amount.inputValue()).toBe(shown);
      // Tab went on to the payment method.
      await dialog.getByRole('textbox', { name: 'Payment method', exact: true }).click();
      await page.getByRole('option', { name: 'Cash', exact: true }).click();
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await dialog.getByRole('status').waitFor();
      expect(await dialog.getByTestId('balance-after').textContent()).toBe(`Balance now: UGX ${balanceAfter}`);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'hidden' });
    }

    // The whole statement, from the first record to today.
    const statement = (await apiCall(app.url, 'GET', `/customerstatement/${customerId}`, undefined, admin)).body.data;
    expect(
      statement.lines.filter((l: { kind: string }) => l.kind === 'PAYMENT').map((l: { credit: number }) => l.credit),
    ).toEqual([40_000, 1_234_567]);
    expect(statement.closing_balance).toBe(0);
    expect(errors).toEqual([]);
  });
});
