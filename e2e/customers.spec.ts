import fs from 'node:fs';
import { formatMoney } from '@duka/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  collectErrors,
  holdBack,
  openFromMenu,
  type RunningApp,
  saleThroughApi,
  saveBusinessInfo,
  signedInPage,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// The debt book in Chromium, as the shop's manager uses it: a customer made through the form, found by search, their
// credit limit raised, their page opened; then a sale put partly on account (through the API), a part payment taken
// on the customer's page with its receipt printed, the statement checked against the server's and printed, and the
// payment reversed once (a second reversal is refused and says why).
let app: RunningApp;
let browser: Browser;
let admin: string;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  await saveBusinessInfo(app.url, admin);
  page = await signedInPage(browser, app.url, undefined, {
    viewport: { width: 1366, height: 900 },
    acceptDownloads: true,
    prepare: collectErrors(errors),
  });
  // Headless Chromium has no print dialog: the calls are counted instead, in this document and any loaded later.
  const countPrints = () => {
    const counted = window as unknown as { printCalls: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls += 1;
    };
  };
  await page.addInitScript(countPrints);
  await page.evaluate(countPrints);
});
afterAll(() => stopAll(app, browser));

const printCalls = () => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls);
const textbox = (label: string) => page.getByRole('textbox', { name: label, exact: true });
/**
 * Clicks a field, rubs out what it holds and types into it, as a person does: the caret to the end, one Backspace per
 * character, then the text at full speed (a money field shows plain digits while typed into: no caret to wait for).
 */
async function typeInto(label: string, text: string) {
  const field = textbox(label);
  await field.click();
  await page.keyboard.press('End');
  for (let left = (await field.inputValue()).length; left > 0; left -= 1) await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}
async function choose(label: string, option: string) {
  await textbox(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const save = () => page.getByRole('button', { name: 'Save' }).click();
/** The message shown under a field (Mantine ties it to the input through aria-describedby). */
async function errorUnder(label: string): Promise<string> {
  const field = textbox(label);
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ').trim();
}
/** Searches the list on the screen and waits for the row holding `text`. */
async function searchList(text: string) {
  await typeInto('Search', text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row', { name: new RegExp(text) });
  await row.waitFor();
  return row;
}
async function rowAction(row: ReturnType<Page['getByRole']>, action: string) {
  await row.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}
/** The statement's last row: its day, "Closing balance" and the balance. */
const closingRow = () => page.getByTestId('statement-closing').getByRole('cell').allInnerTexts();
/** A card's figure (FigureCards names each card by its label). */
const card = async (label: string) =>
  ((await page.getByRole('group', { name: label }).textContent()) ?? '').replace(label, '').trim();

describe('customers', () => {
  it('creates a customer through the form, finds them by search, raises their credit limit and opens their page', async () => {
    await openFromMenu(page, app.url, 'Customers', '/customerlist');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(`${app.url}/customercreate`);
    // The shared schema's messages, without a call.
    await save();
    await page.getByText('Name is required.').waitFor();
    await page.getByText('Phone number is required.').waitFor();

    await typeInto('Name', 'Mugisha Roofing Contractors');
    await typeInto('Phone number', '+256 783 555 111');
    await typeInto('Email', 'accounts@mugisha.test');
    await typeInto('TIN', '1000888999');
    await typeInto('Credit limit (UGX)', '1500000');
    // Plain digits while typed into; grouped once the cursor moves on.
    expect(await textbox('Credit limit (UGX)').inputValue()).toBe('1500000');
    await page.keyboard.press('Tab');
    expect(await textbox('Credit limit (UGX)').inputValue()).toBe('1,500,000');
    // Thirty days unless told.
    expect(await textbox('Payment terms (days)').inputValue()).toBe('30');
    await typeInto('Address', 'Plot 4, Jinja Road, Mukono');
    await typeInto('Notes', 'Pays at month end');
    await save();
    await page.waitForURL(`${app.url}/customerlist`);

    // A second customer with the same phone: the server's refusal shows under the phone field.
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(`${app.url}/customercreate`);
    await typeInto('Name', 'Another Mugisha');
    await typeInto('Phone number', '0783555111');
    await save();
    expect(await errorUnder('Phone number')).toMatch(/phone/i);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${app.url}/customerlist`);

    const row = await searchList('Mugisha Roofing');
    // ☐, #, number, name, phone (kept in the local form), TIN, credit limit, balance, oldest unpaid, date, actions
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(2, 9)).toEqual([
      expect.stringMatching(/^CU\d{6}$/),
      'Mugisha Roofing Contractors',
      '0783555111',
      '1000888999',
      '1,500,000',
      '0',
      '',
    ]);
    expect(await page.getByRole('row', { name: /Okello Builders/ }).count()).toBe(0);

    await rowAction(row, 'Edit');
    await page.waitForURL(/\/customerupdate\/\d+$/);
    await expect.poll(() => textbox('Credit limit (UGX)').inputValue()).toBe('1,500,000');
    await typeInto('Credit limit (UGX)', '2500000');
    await save();
    await page.waitForURL(`${app.url}/customerlist`);
    const updated = await searchList('Mugisha Roofing');
    await expect.poll(async () => (await updated.getByRole('cell').allInnerTexts())[6]).toBe('2,500,000');

    await rowAction(updated, 'View');
    await page.waitForURL(/\/customershow\/\d+$/);
    await page.getByRole('heading', { name: 'Customer Details' }).waitFor();
    await expect.poll(() => card('Credit Limit (UGX)')).toBe('2,500,000');
    expect(await card('Available Credit (UGX)')).toBe('2,500,000');
    expect(await card('Balance (UGX)')).toBe('0');
    await page.getByRole('cell', { name: 'Plot 4, Jinja Road, Mukono' }).waitFor();
    await page.getByRole('cell', { name: '30 days', exact: true }).waitFor();
    // Nothing on the account yet: a statement from 0 to 0.
    await page.getByText('Nothing on the account in this period.').waitFor();
    expect(await closingRow()).toEqual([expect.any(String), 'Closing balance', '0']);
    expect(errors).toEqual([]);
  });

  let customerId: number;
  let paymentNumber: string;

  it('takes a part payment on a sale on account, prints its receipt, and shows and prints the statement', async () => {
    const cement = await stockItem(app.url, admin, 'Cement Bag', 38_000, 100);
    const made = await apiCall(
      app.url,
      'POST',
      '/customerstore',
      { name: 'Kato Building Works', phone_number: '0774666222', credit_limit: 500_000, payment_terms_days: 30 },
      admin,
    );
    expect(made.status).toBe(200);
    customerId = made.body.data.id;
    // 3 bags (114,000): 14,000 in cash, 100,000 on account.
    await saleThroughApi(app.url, admin, [[cement, 3]], {
      customer_id: customerId,
      payments: [
        { method: 'CASH', amount: 14_000 },
        { method: 'ACCOUNT', amount: 100_000 },
      ],
    });

    await openFromMenu(page, app.url, 'Customers', '/customerlist');
    await rowAction(await searchList('Kato Building'), 'View');
    await page.waitForURL(`${app.url}/customershow/${customerId}`);
    await expect.poll(() => card('Balance (UGX)')).toBe('100,000');
    expect(await card('Available Credit (UGX)')).toBe('400,000');

    await page.getByRole('button', { name: 'Take payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take payment from Kato Building Works' });
    await dialog.waitFor();
    await typeInto('Amount (UGX)', '60000');
    expect(await textbox('Amount (UGX)').inputValue()).toBe('60000');
    await choose('Payment method', 'Mobile Money');
    expect(await textbox('Amount (UGX)').inputValue()).toBe('60,000');
    // Mobile Money needs its transaction id, as at the till.
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.getByText('Mobile Money needs the transaction id from the SMS.').waitFor();
    await typeInto('Reference', 'MP261126.4471');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const recorded = (await dialog.getByRole('status').textContent()) ?? '';
    paymentNumber = recorded.match(/CP\d{6}/)?.[0] ?? '';
    expect(recorded).toBe(`Payment ${paymentNumber} recorded.`);
    expect(await dialog.getByTestId('balance-after').textContent()).toBe('Balance now: UGX 40,000');

    // The receipt prints from its own page at once, on the roll.
    await dialog.getByRole('link', { name: 'Print receipt' }).click();
    await page.waitForURL(/\/customerpaymentreceipt\/\d+$/);
    const receipt = page.getByTestId('payment-receipt');
    await receipt.waitFor();
    await expect.poll(printCalls).toBe(1);
    const receiptText = (await receipt.textContent()) ?? '';
    expect(receiptText).toContain('Mukwano Hardware');
    expect(receiptText).toContain('PAYMENT RECEIVED');
    expect(receiptText).toContain(`No. ${paymentNumber}`);
    expect(receiptText).toContain('Customer: Kato Building Works');
    expect(receiptText).toContain('Mobile Money (ref MP261126.4471)');
    expect(receiptText).toContain('Cashier: ');
    expect(await receipt.getByTestId('total-amountugx').textContent()).toBe('60,000');
    expect(await receipt.getByTestId('total-balancenowugx').textContent()).toBe('40,000');
    // The one sale it settled, for all of the payment.
    expect(await receipt.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual([
      expect.stringMatching(/\S/),
      '60,000',
    ]);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${app.url}/customershow/${customerId}`);
    await expect.poll(() => card('Balance (UGX)')).toBe('40,000');

    // The statement on screen is the server's, over the period the screen shows.
    const startDate = await textbox('Start Date').inputValue();
    const endDate = await textbox('End Date').inputValue();
    const answer = await apiCall(
      app.url,
      'GET',
      `/customerstatement/${customerId}?startDate=${startDate}&endDate=${endDate}`,
      undefined,
      admin,
    );
    expect(answer.status).toBe(200);
    const statement = answer.body.data;
    expect(statement.lines.map((l: { kind: string }) => l.kind)).toEqual(['SALE', 'PAYMENT']);
    expect(statement.closing_balance).toBe(40_000);
    const blankZero = (n: number) => (n === 0 ? '' : formatMoney(n));
    const shown = page.getByTestId('statement-line');
    await expect.poll(() => shown.count()).toBe(statement.lines.length);
    for (const [i, line] of statement.lines.entries()) {
      const [date, kind, reference, debit, credit, balance] = await shown.nth(i).getByRole('cell').allInnerTexts();
      expect(date).toBe(line.date);
      expect(kind).toBe(line.kind === 'SALE' ? 'Sale on account' : 'Payment');
      // The payment's Receipt and Reverse buttons follow its number.
      expect(reference?.startsWith(line.reference), `${reference} starts with ${line.reference}`).toBe(true);
      expect([debit, credit, balance]).toEqual([
        blankZero(line.debit),
        blankZero(line.credit),
        formatMoney(line.balance),
      ]);
    }
    expect(await closingRow()).toEqual([endDate, 'Closing balance', formatMoney(statement.closing_balance)]);

    // Printed once the shop's details are in, whose header the paper carries: not while they are on their way.
    const print = page.getByRole('button', { name: 'Print', exact: true });
    const businessHeld = await holdBack(page, '**/api/getbusinessinfosettings');
    try {
      await page.reload();
      await page.getByTestId('statement-line').first().waitFor();
      expect(await print.isDisabled()).toBe(true);
      businessHeld.release();
      await expect.poll(() => print.isEnabled()).toBe(true);
    } finally {
      await businessHeld.end();
    }

    // Printed: the business's header, the customer and the period come on paper, the page's controls do not.
    const printedBefore = await printCalls();
    await print.click();
    await expect.poll(printCalls).toBe(printedBefore + 1);
    await page.emulateMedia({ media: 'print' });
    await page.getByRole('heading', { name: 'STATEMENT', exact: true }).waitFor();
    expect(await page.getByText(`${startDate} to ${endDate}`).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Take payment' }).isVisible()).toBe(false);
    expect(await print.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByRole('heading', { name: 'STATEMENT', exact: true }).isVisible()).toBe(false);

    // The server's A4 PDF of the same period.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(
      fs
        .readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // WhatsApp: a message to the customer's number in international form, with the balance and the last payment.
    const link = new URL((await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')) ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/256774666222');
    const message = link.searchParams.get('text') ?? '';
    expect(message).toContain('Kato Building Works');
    expect(message).toContain('UGX 40,000');
    expect(message).toContain(`UGX 60,000 on ${statement.last_payment.date}`);
    expect(errors).toEqual([]);
  });

  it('reverses the payment with a reason, after which the payment says so and offers no second reversal', async () => {
    const reverse = async () => {
      await page.getByRole('button', { name: `Reverse ${paymentNumber}` }).click();
      const dialog = page.getByRole('dialog', { name: `Reverse payment ${paymentNumber}` });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Reverse payment' }).click();
      await dialog.getByText('Say why the payment is reversed.').waitFor();
      await textbox('Reason').click();
      await page.keyboard.type('The mobile money transfer bounced');
      await dialog.getByRole('button', { name: 'Reverse payment' }).click();
      return dialog;
    };
    const first = await reverse();
    expect(await first.getByRole('status').textContent()).toMatch(/^Reversal CP\d{6} recorded\.$/);
    expect(await first.getByTestId('balance-after').textContent()).toBe('Balance now: UGX 100,000');
    await first.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => card('Balance (UGX)')).toBe('100,000');
    await page.getByTestId('statement-line').filter({ hasText: 'Reversal' }).waitFor();
    await expect.poll(closingRow).toEqual([expect.any(String), 'Closing balance', '100,000']);

    // The payment's line says it was reversed, and no longer offers a reversal.
    const paid = page.getByTestId('statement-line').filter({ hasText: paymentNumber }).first();
    await paid.getByText('Reversed', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: `Reverse ${paymentNumber}` }).count()).toBe(0);
    expect(await card('Balance (UGX)')).toBe('100,000');
    expect(errors).toEqual([]);
  });
});
