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

// The point of sale as a cashier uses it in Chromium: the quantity typed is the quantity sold, a sale whose answer
// was lost is sent again under its key and recorded once, the draft survives a reload and resets after a sale, and
// cart lines change in place with a warning past the batch.
let app: RunningApp;
let browser: Browser;
let page: Page;
let token: string;
const errors: string[] = [];

beforeAll(async () => {
  ({ app, browser, admin: token } = await startShop());
  await stockItem(app.url, token, 'Cement Bag', 38_000, 50);
  await stockItem(app.url, token, 'Iron Sheet', 45_000, 30);
  await stockItem(app.url, token, 'Wheelbarrow', 150_000, 4);
  page = await signedInPage(browser, app.url, DEMO_CASHIER, { prepare: collectErrors(errors) });
});
afterAll(() => stopAll(app, browser));

const salesOnServer = async () =>
  (await apiCall(app.url, 'GET', '/saleslist?pagination_size=100', undefined, token)).body as {
    total: number;
    data: { id: number; sale_number: string }[];
  };
const saleOnServer = async (id: string | number) =>
  (await apiCall(app.url, 'GET', `/saleshow/${id}`, undefined, token)).body.data;

async function openPos() {
  await menuLink(page, 'POS').click();
  await page.getByRole('button', { name: 'Process Sale' }).waitFor();
}

/** Types the product, clicks it in the list; its only batch, brand and measurement are chosen by themselves. */
async function chooseProduct(product: string) {
  const productBox = page.getByRole('textbox', { name: 'Product' });
  await productBox.click();
  await page.keyboard.type(product);
  await expect.poll(() => page.getByRole('option').allTextContents()).toEqual([product]);
  await page.getByRole('option', { name: product }).click();
  await expect.poll(() => page.getByLabel('Sale Price (UGX)').inputValue()).not.toBe('');
}

/** Replaces a field's text as a person does without selecting it: to the end, erase, type. */
async function retype(field: Locator, text: string) {
  await field.click();
  await page.keyboard.press('End');
  for (const _ of await field.inputValue()) await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

const receiptId = async () => {
  await page.waitForURL(/\/sales(receipt|invoice)\/\d+$/);
  return page.url().split('/').pop() as string;
};

describe('point of sale', () => {
  it('sells the quantity typed into Quantity, not the default 1 with it', async () => {
    await openPos();
    await chooseProduct('Cement Bag');
    await page.getByLabel(/^Quantity/).click();
    await page.keyboard.type('5');
    await page.getByRole('button', { name: 'Add Cart' }).click();
    // 5 × 38,000, where "15" would show 570,000.
    await page
      .getByRole('row', { name: /Cement Bag/ })
      .getByText('190,000')
      .waitFor();
    await page.getByRole('button', { name: 'Process Sale' }).click();
    const sale = await saleOnServer(await receiptId());
    expect(sale.items.map((i: { quantity: number }) => Number(i.quantity))).toEqual([5]);
  });

  it('sends a sale whose reply was lost again after a reload and records it once', async () => {
    await openPos();
    await chooseProduct('Iron Sheet');
    await page.getByRole('button', { name: 'Add Cart' }).click();
    const before = (await salesOnServer()).total;
    // The sale reaches the server and is recorded; the browser never reads the answer.
    await page.route('**/api/salesstore', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Process Sale' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'This sale is not confirmed yet' });
    await banner.getByText('No answer came back from the server.').waitFor();
    expect((await salesOnServer()).total).toBe(before + 1);
    await page.unroute('**/api/salesstore');

    await page.reload();
    await banner.getByText('1 item for Anonymous, paid by Cash.').waitFor();
    expect(await page.getByRole('button', { name: 'Process Sale' }).isDisabled()).toBe(true);
    await banner.getByRole('button', { name: 'Send again' }).click();
    const id = await receiptId();
    const after = await salesOnServer();
    expect(after.total).toBe(before + 1);
    const sale = await saleOnServer(id);
    expect(after.data.map((s) => s.id)).toContain(Number(id));
    await page.getByText(sale.sale_number).waitFor();
    await page.getByText('Iron Sheet — Iron Sheet brand (Iron Sheet unit)').waitFor();
  });

  it('gives up on a sale that hangs, keeps it, and sends it once when asked', async () => {
    await openPos();
    await chooseProduct('Iron Sheet');
    await page.getByRole('button', { name: 'Add Cart' }).click();
    const before = (await salesOnServer()).total;
    // A request that never gets an answer (nor reaches the server).
    await page.route('**/api/salesstore', () => {});
    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.getByText('Processing sale...').waitFor();
    const banner = page.getByRole('alert').filter({ hasText: 'This sale is not confirmed yet' });
    await banner.getByText('The server did not answer within 20 seconds.').waitFor({ timeout: 25_000 });
    expect(await page.getByText('Processing sale...').count()).toBe(0);
    await page.unroute('**/api/salesstore');
    await banner.getByRole('button', { name: 'Send again' }).click();
    await receiptId();
    expect((await salesOnServer()).total).toBe(before + 1);
  });

  it('keeps customer, discount, payment method and notice over a reload and resets them after the sale', async () => {
    await openPos();
    await page.getByRole('radio', { name: 'Print invoice' }).click();
    await chooseProduct('Cement Bag');
    await page.getByRole('button', { name: 'Add Cart' }).click();
    await retype(page.getByLabel('Customer Name'), 'Nakato Builders');
    await retype(page.getByLabel('Discount (%)'), '10');
    await page.getByRole('textbox', { name: 'Payment Method' }).click();
    await page.getByRole('option', { name: 'Mobile Money' }).click();
    await page.getByLabel('Notice').click();
    await page.keyboard.type('Deliver to Ntinda site');

    await page.reload();
    await page.getByRole('row', { name: /Cement Bag/ }).waitFor();
    expect(await page.getByLabel('Customer Name').inputValue()).toBe('Nakato Builders');
    expect(await page.getByLabel('Discount (%)').inputValue()).toBe('10');
    expect(await page.getByRole('textbox', { name: 'Payment Method' }).inputValue()).toBe('Mobile Money');
    expect(await page.getByLabel('Notice').inputValue()).toBe('Deliver to Ntinda site');

    await page.getByRole('button', { name: 'Process Sale' }).click();
    const sale = await saleOnServer(await receiptId());
    expect(sale).toMatchObject({ customer_name: 'Nakato Builders', discount: 10, payment_method: 'MOBILE_MONEY' });

    // The next customer on a till that stays on the POS starts from the defaults, also after a reload.
    await openPos();
    await page.getByRole('radio', { name: 'Stay on POS' }).click();
    await chooseProduct('Cement Bag');
    await page.getByRole('button', { name: 'Add Cart' }).click();
    await retype(page.getByLabel('Customer Name'), 'Okello Hardware');
    await page.getByRole('textbox', { name: 'Payment Method' }).click();
    await page.getByRole('option', { name: 'Mobile Money' }).click();
    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.getByText('Sale processed successfully!').waitFor();
    await page.getByText('Your cart is empty. Start shopping now!').waitFor();
    const expectDefaults = async () => {
      expect(await page.getByLabel('Customer Name').inputValue()).toBe('Anonymous');
      expect(await page.getByLabel('Discount (%)').inputValue()).toBe('0');
      expect(await page.getByRole('textbox', { name: 'Payment Method' }).inputValue()).toBe('Cash');
    };
    await expectDefaults();
    await page.reload();
    await page.getByText('Your cart is empty. Start shopping now!').waitFor();
    await expectDefaults();
    await page.getByRole('radio', { name: 'Print invoice' }).click();
    expect(await page.getByLabel('Notice').inputValue()).toBe('');
    await page.getByRole('radio', { name: 'Print receipt' }).click();
  });

  it('changes a cart quantity in place, warns past the batch, and asks before clearing the cart', async () => {
    await openPos();
    await chooseProduct('Wheelbarrow');
    await page.getByRole('button', { name: 'Add Cart' }).click();
    const qty = page.getByLabel('Wheelbarrow quantity');
    await qty.click();
    await page.keyboard.type('6');
    expect(await qty.inputValue()).toBe('6');
    await page.getByText(/^Only 4 in batch BN[0-9A-F]{14}$/).waitFor();
    await page
      .getByRole('row', { name: /Wheelbarrow/ })
      .getByText('900,000')
      .waitFor();

    await page.getByRole('heading', { name: 'New Sale' }).click();
    await qty.click();
    await page.keyboard.type('3');
    expect(await qty.inputValue()).toBe('3');
    expect(await page.getByText(/^Only 4 in batch/).count()).toBe(0);

    await page.getByRole('button', { name: 'Clear Cart' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Remove every item from the cart?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await qty.inputValue()).toBe('3');

    await page.getByRole('button', { name: 'Process Sale' }).click();
    const sale = await saleOnServer(await receiptId());
    expect(sale.items.map((i: { quantity: number }) => Number(i.quantity))).toEqual([3]);

    await openPos();
    await chooseProduct('Cement Bag');
    await page.getByRole('button', { name: 'Add Cart' }).click();
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await dialog.getByRole('button', { name: 'Clear Cart' }).click();
    await page.getByText('Your cart is empty. Start shopping now!').waitFor();
    expect(errors).toEqual([]);
  });
});
