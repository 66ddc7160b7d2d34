import fs from 'node:fs';
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
  signInThroughUi,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// Quotations and goods collected later in Chromium, as the shop's counter uses them: a quotation of two lines for a
// customer of the debt book typed into the form, opened, its PDF downloaded; the next day it becomes a sale with a
// cash deposit and the rest on account, the goods left in the yard; they leave on two trips through the delivery
// screen (the second reached from the Awaiting Delivery report), and a trip of more than remains is refused under its
// line with the server's words.
let app: RunningApp;
let browser: Browser;
let admin: string;
let page: Page;
let customerId: number;
const errors: string[] = [];

const CUSTOMER = { name: 'Kato Building Works', phone_number: '0774666222' };

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  await stockItem(app.url, admin, 'Cement', 38_000, 100, 'Bag');
  await stockItem(app.url, admin, 'Iron Sheet G28', 42_000, 50);
  const customer = await apiCall(
    app.url,
    'POST',
    '/customerstore',
    { ...CUSTOMER, credit_limit: 2_000_000, payment_terms_days: 30 },
    admin,
  );
  if (customer.status !== 200) throw new Error(JSON.stringify(customer.body));
  customerId = customer.body.data.id;
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  collectErrors(errors)(page);
  await signInThroughUi(page, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.waitForURL(`${app.url}/home`);
});
afterAll(() => stopAll(app, browser));

const textbox = (label: string | RegExp, scope: Pick<Page, 'getByRole'> = page) =>
  scope.getByRole('textbox', { name: label, exact: typeof label === 'string' });
/** Clicks a field, rubs out what it holds (End, then one Backspace per character) and types, as a person does. */
async function typeInto(label: string, text: string, scope: Pick<Page, 'getByRole'> = page) {
  await retype(textbox(label, scope), text);
}
async function choose(label: string, option: string) {
  await textbox(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
/** The message shown under a field (Mantine ties it to the input through aria-describedby). */
const errorUnder = (label: string) => fieldError(textbox(label));
/** The serious and critical WCAG 2 A/AA violations on the screen as it is now. */
const seriousViolations = () => axeViolations(page);
const get = async (path: string) => {
  const res = await apiCall(app.url, 'GET', path, undefined, admin);
  expect(res.status).toBe(200);
  return res.body;
};

describe('quotations and goods collected later', () => {
  it('quotes, converts the next day with a deposit and the rest on account, and delivers over two trips', async () => {
    await openFromMenu(page, app.url, 'Quotations', '/quotationlist');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(`${app.url}/quotationcreate`);

    // The customer from the debt book, found as their name is typed.
    await textbox('Customer Name').click();
    await page.keyboard.type('Kato');
    await page.getByRole('option', { name: /Kato Building Works/ }).click();
    await page.getByRole('group', { name: 'Customer account' }).getByText(CUSTOMER.name).waitFor();

    // Cement left at today's price; the iron sheets at a price typed by the Administrator, who may.
    await choose('Line 1 product', 'Cement');
    await choose('Line 1 brand', 'Cement brand');
    await choose('Line 1 unit', 'Bag');
    await typeInto('Line 1 quantity', '10');
    await page.getByRole('button', { name: 'Add line' }).click();
    await choose('Line 2 product', 'Iron Sheet G28');
    await choose('Line 2 brand', 'Iron Sheet G28 brand');
    await choose('Line 2 unit', 'Iron Sheet G28 unit');
    await typeInto('Line 2 quantity', '6');
    await typeInto('Line 2 unit price', '40000');
    await expect.poll(() => textbox('Line 2 total').inputValue()).toBe('240,000');
    await typeInto('Discount (%)', '5');
    await typeInto('Notes', 'Collect from the Ntinda yard');
    expect(await seriousViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.url}/quotationlist`);

    // 10 × 38,000 + 6 × 40,000 = 620,000, less 5 % (31,000) = 589,000.
    const row = page.getByRole('row', { name: /Kato Building Works/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^QT-\d{6}$/), CUSTOMER.name, 'Open', '2', '589,000']),
    );
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.waitForURL(/\/quotationshow\/\d+$/);
    const quotationId = Number(page.url().split('/').pop());
    const quoted = (await get(`/quotationshow/${quotationId}`)).data;
    expect(quoted).toMatchObject({ status: 'OPEN', subtotal: 620_000, discount_amount: 31_000, total_amount: 589_000 });
    expect(quoted.customer.id).toBe(customerId);
    expect(quoted.lines.map((l: { unit_price: number }) => l.unit_price)).toEqual([38_000, 40_000]);
    await page.getByRole('heading', { name: `Quotation ${quoted.quotation_number}` }).waitFor();
    await expect.poll(() => page.getByTestId('quotation-total').textContent()).toBe('589,000');
    await page.getByRole('cell', { name: 'Collect from the Ntinda yard' }).waitFor();
    expect(await seriousViolations()).toEqual([]);

    // The server's PDF, named by the quotation's number.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^\\d{4}_\\d{2}_\\d{2}_quotation_${quoted.quotation_number}\\.pdf$`),
    );
    expect(
      fs
        .readFileSync((await download.path()) as string)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const share = new URL((await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')) ?? '');
    expect(`${share.origin}${share.pathname}`).toBe('https://wa.me/256774666222');
    expect(share.searchParams.get('text')).toContain(`${quoted.quotation_number} for UGX 589,000`);

    // The next day: still within its 14 days, so it sells at the quoted prices, without re-pricing.
    await page.clock.install({ time: new Date(Date.now() + 86_400_000) });
    await page.reload();
    await page.getByRole('button', { name: 'Convert to sale' }).click();
    const dialog = page.getByRole('dialog', { name: `Convert ${quoted.quotation_number} to a sale` });
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox', { name: /Re-price/ }).count()).toBe(0);
    await expect.poll(() => dialog.getByTestId('payment-total').textContent()).toBe('UGX 589,000');
    await typeInto('Amount', '200000', dialog);
    await dialog.getByRole('button', { name: 'Rest on account' }).click();
    await expect.poll(() => textbox('Amount 2', dialog).inputValue()).toBe('389,000');
    await dialog.getByRole('checkbox', { name: 'Deliver later' }).click();
    expect(await seriousViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Make the sale' }).click();
    await page.waitForURL(/\/deliverynotecreate\?sale_id=\d+$/);
    const saleId = Number(new URL(page.url()).searchParams.get('sale_id'));
    await page.getByRole('status').filter({ hasText: 'Quotation converted into a sale!' }).waitFor();

    // The sale is the quotation's figures, 200,000 now and 389,000 on the customer's account.
    const sale = (await get(`/saleshow/${saleId}`)).data;
    expect(sale).toMatchObject({ subtotal: 620_000, discount_amount: 31_000, total_amount: 589_000 });
    expect(sale.payments.map((p: { method: string; amount: number }) => [p.method, p.amount])).toEqual([
      ['CASH', 200_000],
      ['ACCOUNT', 389_000],
    ]);
    expect(sale.account).toMatchObject({ customer: { id: customerId }, on_account: 389_000 });
    expect((await get(`/quotationshow/${quotationId}`)).data).toMatchObject({
      status: 'CONVERTED',
      sale: { id: saleId },
    });

    // First trip: 4 of the 10 bags, the iron sheets left for later.
    await expect.poll(() => page.getByTestId('remaining-1').textContent()).toBe('10');
    await expect.poll(() => textbox('Deliver now: Cement').inputValue()).toBe('10');
    await typeInto('Deliver now: Cement', '4');
    await typeInto('Deliver now: Iron Sheet G28', '');
    await typeInto('Vehicle', 'UBA 123X');
    await typeInto('Driver', 'Musoke Peter');
    await typeInto('Received By', 'Kato Joseph');
    expect(await seriousViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Save delivery note' }).click();
    await page.waitForURL(/\/deliverynoteshow\/\d+$/);
    await page.getByRole('status').filter({ hasText: 'Delivery note created successfully!' }).waitFor();
    expect(await page.getByTestId('remaining-after-1').textContent()).toBe('6');
    expect(await page.getByTestId('remaining-after-2').count()).toBe(0);
    await page.getByRole('cell', { name: 'UBA 123X' }).waitFor();
    expect(await seriousViolations()).toEqual([]);
    const [notePdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(notePdf.suggestedFilename()).toMatch(/^\d{4}_\d{2}_\d{2}_delivery_note_DN-\d{6}\.pdf$/);

    // Second trip, from the report of what waits in the yard.
    await openFromMenu(page, app.url, 'Awaiting Delivery Report', '/reportawaitingdeliverylist');
    await page.getByRole('heading', { name: 'Awaiting Delivery Report' }).waitFor();
    const cementRow = page
      .getByRole('region', { name: 'Awaiting Delivery Report table' })
      .getByRole('row', { name: /Cement/ });
    await expect
      .poll(() => cementRow.getByRole('cell').allInnerTexts())
      .toEqual(
        expect.arrayContaining([`${sale.receipt_number} · Deliver`, CUSTOMER.name, 'Cement', 'Bag', '10', '4', '6']),
      );
    await cementRow.getByRole('link', { name: /^Deliver receipt/ }).click();
    await page.waitForURL(`${app.url}/deliverynotecreate?sale_id=${saleId}`);
    await expect.poll(() => page.getByTestId('remaining-1').textContent()).toBe('6');

    // One bag more than remains: the server's refusal under the line, and nothing leaves.
    await typeInto('Deliver now: Cement', '7');
    await page.getByRole('button', { name: 'Save delivery note' }).click();
    expect(await errorUnder('Deliver now: Cement')).toBe('Only 6 Bags of Cement remain to collect.');
    expect(page.url()).toBe(`${app.url}/deliverynotecreate?sale_id=${saleId}`);
    const refused = (await get(`/deliverynotesale/${saleId}`)).data;
    expect(refused.lines.map((l: { remaining: number }) => l.remaining)).toEqual([6, 6]);

    await typeInto('Deliver now: Cement', '6');
    await page.getByRole('button', { name: 'Save delivery note' }).click();
    await page.waitForURL(/\/deliverynoteshow\/\d+$/);
    expect(await page.getByTestId('remaining-after-1').textContent()).toBe('0');
    expect(await page.getByTestId('remaining-after-2').textContent()).toBe('0');

    const delivered = (await get(`/deliverynotesale/${saleId}`)).data;
    expect(delivered.lines.map((l: { delivered: number; remaining: number }) => [l.delivered, l.remaining])).toEqual([
      [10, 0],
      [6, 0],
    ]);
    expect(delivered.notes).toHaveLength(2);
    const awaiting = await get('/reportawaitingdeliverylist?pagination_size=100');
    expect(awaiting.data.data.filter((r: { sale_id: number }) => r.sale_id === saleId)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("says under the line when a product has no stock to take today's price from, for anyone by name and phone", async () => {
    const category = await apiCall(
      app.url,
      'POST',
      '/categorystore',
      { name: 'Paint', environment: 'PRODUCTION' },
      admin,
    );
    const product = await apiCall(
      app.url,
      'POST',
      '/productstore',
      { name: 'Roof Paint 4L', category_id: category.body.data.id, environment: 'PRODUCTION' },
      admin,
    );
    expect(product.status).toBe(200);
    await openFromMenu(page, app.url, 'Quotations', '/quotationlist');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(`${app.url}/quotationcreate`);
    await typeInto('Customer Name', 'Nansubuga Contractors');
    await typeInto('Customer Phone', '0701222333');
    await choose('Line 1 product', 'Roof Paint 4L');
    await choose('Line 1 unit', 'Bag');
    await typeInto('Line 1 quantity', '3');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await errorUnder('Line 1 unit price')).toBe(
      "Roof Paint 4L has no stock to take today's price from: enter a price.",
    );
    expect(page.url()).toBe(`${app.url}/quotationcreate`);
    // With a price typed it is quoted, to the name and phone given.
    await typeInto('Line 1 unit price', '65000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.url}/quotationlist`);
    const row = page.getByRole('row', { name: /Nansubuga Contractors/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['Nansubuga Contractors', '0701222333', 'Open', '1', '195,000']),
    );
    expect(errors).toEqual([]);
  });

  it('sells at the POS to deliver later, and the receipt leads to the delivery screen', async () => {
    await openFromMenu(page, app.url, 'POS', '/salespos');
    const search = page.getByRole('textbox', { name: 'Find item' });
    await search.click();
    await page.keyboard.type('Iron Sheet G28');
    await page.getByRole('list', { name: 'Search results' }).getByText('Iron Sheet G28', { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /Iron Sheet G28/ }).waitFor();
    await page.getByRole('checkbox', { name: /Deliver later/ }).click();
    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.waitForURL(/\/salesreceipt\/\d+$/);
    const saleId = Number(page.url().split('/').pop());
    const lines = (await get(`/deliverynotesale/${saleId}`)).data;
    expect(lines).toMatchObject({ deliver_later: true, lines: [{ product_name: 'Iron Sheet G28', remaining: 1 }] });
    await page.getByRole('link', { name: 'Deliver goods' }).click();
    await page.waitForURL(`${app.url}/deliverynotecreate?sale_id=${saleId}`);
    await expect.poll(() => textbox('Deliver now: Iron Sheet G28').inputValue()).toBe('1');
    // The POS starts the next sale without it.
    await openFromMenu(page, app.url, 'POS', '/salespos');
    expect(await page.getByRole('checkbox', { name: /Deliver later/ }).isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });
});
