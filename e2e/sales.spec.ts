import fs from 'node:fs';
import { invoiceNumber } from '@duka/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  collectErrors,
  menuLink,
  type RunningApp,
  saleThroughApi,
  saveBusinessInfo,
  signedInPage,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// A sale through the POS screen in Chromium: two items and a discount, the receipt, its totals against the server's,
// the stock that left, and printing.
let app: RunningApp;
let browser: Browser;
let page: Page;
let token: string;
const errors: string[] = [];

beforeAll(async () => {
  ({ app, browser, admin: token } = await startShop());
  await stockItem(app.url, token, 'Roofing Nails', 7_500, 40);
  await stockItem(app.url, token, 'Binding Wire', 12_345, 25);
  await saveBusinessInfo(app.url, token);
  page = await signedInPage(browser, app.url, DEMO_ADMIN, { prepare: collectErrors(errors), acceptDownloads: true });
});
afterAll(() => stopAll(app, browser));

/** With the keyboard only: type the product, pick it, type the quantity, Enter; focus comes back to Product. */
async function addToCart(product: string, quantity: string) {
  const productBox = page.getByRole('textbox', { name: 'Product' });
  await productBox.pressSequentially(product.split(' ')[0] as string);
  // The search runs on the server: wait until its answer is the only option left.
  await expect.poll(() => page.getByRole('option').allTextContents()).toEqual([product]);
  await productBox.press('ArrowDown');
  await productBox.press('Enter');
  await expect.poll(() => page.getByLabel('Sale Price (UGX)').inputValue()).not.toBe('');
  const qty = page.getByLabel(/^Quantity/);
  await expect.poll(() => qty.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(quantity);
  await page.keyboard.press('Enter');
  await expect.poll(() => productBox.evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('point of sale', () => {
  it('sells two items with a discount and lands on the receipt with the server totals', async () => {
    await menuLink(page, 'POS').click();
    await page.getByText('Your cart is empty. Start shopping now!').waitFor();
    expect(await page.getByRole('button', { name: 'Process Sale' }).isDisabled()).toBe(true);

    await addToCart('Roofing Nails', '3');
    await addToCart('Binding Wire', '1.5');
    await addToCart('Roofing Nails', '1');
    // Equal lines merge: nails 4 × 7,500 = 30,000; wire 1.5 × 12,345 = 18,517.5 → 18,518.
    await page
      .getByRole('row', { name: /Roofing Nails/ })
      .getByText('30,000')
      .waitFor();
    await page
      .getByRole('row', { name: /Binding Wire/ })
      .getByText('18,518')
      .waitFor();
    await page.getByLabel('Discount (%)').fill('10');
    await page.getByTestId('pos-totals').getByText('Subtotal: UGX 48,518').waitFor();
    await page.getByTestId('pos-totals').getByText('Total: UGX 43,666').waitFor();

    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.getByText('Sale processed successfully!').waitFor();
    await page.getByText('Your cart is empty. Start shopping now!').waitFor();
    await page.waitForURL(/\/salesreceipt\/\d+$/);
    const saleId = page.url().split('/').pop();
    const sale = (await apiCall(app.url, 'GET', `/saleshow/${saleId}`, undefined, token)).body.data;
    expect(sale).toMatchObject({ subtotal: 48_518, discount_amount: 4_852, total_amount: 43_666 });
    // The business once, in the header, with its e-mail.
    await page.getByText('hello@mukwano.test').waitFor();
    expect(await page.getByText('Mukwano Hardware').count()).toBe(1);
    expect(await page.getByTestId('total-subtotal').textContent()).toBe('48,518');
    expect(await page.getByTestId('total-totalugx').textContent()).toBe('43,666');
    await page.getByText(sale.sale_number).waitFor();
    await page.getByText('THANK YOU FOR YOUR PURCHASE!').waitFor();
    // While on the receipt, Sales stays highlighted in the menu.
    const salesLink = menuLink(page, 'Sales');
    expect(await salesLink.getAttribute('data-active')).toBe('true');
  });

  it('took the stock off the batches', async () => {
    const levels = (await apiCall(app.url, 'GET', '/stocklevel?pagination_size=100', undefined, token)).body.data;
    const left = (name: string) => levels.find((l: { product: { name: string } }) => l.product.name === name);
    expect(left('Roofing Nails')).toMatchObject({ balance: 36, total_sold: 4 });
    expect(left('Binding Wire')).toMatchObject({ balance: 23.5, total_sold: 1.5 });
  });

  it('prints the receipt without the shell around it', async () => {
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByText('THANK YOU FOR YOUR PURCHASE!').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
  });

  it('lists the sale with links to its receipt and invoice', async () => {
    await menuLink(page, 'Sales').click();
    const row = page.getByRole('row', { name: /Anonymous/ });
    await row.waitFor();
    // Total amount, nothing returned, the net; the totals above the table say the same.
    expect((await row.getByRole('cell').allInnerTexts()).slice(5, 8)).toEqual(['43,666', '0', '43,666']);
    await page.getByRole('group', { name: 'Net sales (UGX)' }).getByText('43,666').waitFor();
    await page
      .getByRole('row', { name: /Anonymous/ })
      .getByRole('button', { name: 'Actions' })
      .click();
    await page.getByRole('menuitem', { name: 'Invoice' }).click();
    await page.getByText('THANK YOU FOR YOUR BUSINESS!').waitFor();
    await page.getByText('Bill To').waitFor();
  });

  it('shows the sale on the dashboard', async () => {
    await menuLink(page, 'Dashboard').click();
    expect(await page.getByTestId('card-total_revenue').textContent()).toBe('UGX 43,666');
    // Cost: 4 × 6,000 + 1.5 × 9,876 = 38,814; gross profit 43,666 − 38,814.
    expect(await page.getByTestId('card-gross_profit').textContent()).toBe('UGX 4,852');
    // The chart: one bar per product sold, the most sold first, each named with its quantity.
    await page.getByRole('img', { name: /^Top 10 Selling Products\./ }).waitFor();
    const bars = page.getByTestId('top-products-bar').locator('title');
    expect(await bars.allTextContents()).toEqual([
      expect.stringMatching(/^Roofing Nails \(.+\): 4$/),
      expect.stringMatching(/^Binding Wire \(.+\): 1\.5$/),
    ]);
    // Saved as a PNG image.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('top-products-chart').getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('top_10_selling_products.png');
    expect(
      fs
        .readFileSync(await download.path())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    // The Administrator holds the Profit and Loss report: all six period cards (expenses among them), and the
    // receivables and payables reports: what customers owe, and what the shop owes its suppliers.
    expect(await page.getByTestId(/^card-(?!receivables|payables)/).count()).toBe(6);
    await page.getByTestId('card-receivables').getByText('Owed by customers').waitFor();
    await page.getByTestId('card-payables').getByText('Owed to suppliers').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the Cashier only the revenue card and the chart', async () => {
    const cashier = await signedInPage(browser, app.url, DEMO_CASHIER, { prepare: collectErrors(errors) });
    await menuLink(cashier, 'Dashboard').click();
    expect(await cashier.getByTestId('card-total_revenue').textContent()).toBe('UGX 43,666');
    await expect.poll(() => cashier.getByTestId('top-products-bar').count()).toBe(2);
    expect(await cashier.getByTestId(/^card-/).count()).toBe(1);
    expect(await cashier.getByText('Gross Profit').count()).toBe(0);
    await cashier.close();
    expect(errors).toEqual([]);
  });

  // Last: its second sale would change the dashboard's figures above.
  it('finds the sale by the number its invoice prints, typed into the search box', async () => {
    const wire = await stockItem(app.url, token, 'Tie Wire', 2_000, 10);
    await saleThroughApi(app.url, token, [[wire, 1]]);
    const [listed] = (await apiCall(app.url, 'GET', '/saleslist?search=Anonymous', undefined, token)).body.data;
    const sale = (await apiCall(app.url, 'GET', `/saleshow/${listed.id}`, undefined, token)).body.data;
    await menuLink(page, 'Sales').click();
    const other = page.getByRole('row', { name: /Okello Builders/ });
    await other.waitFor();
    const search = page.getByRole('textbox', { name: 'Search', exact: true });
    expect(await search.getAttribute('placeholder')).toBe('Receipt No., name, phone...');
    await search.click();
    await page.keyboard.type(invoiceNumber(sale.receipt_number));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => other.count()).toBe(0);
    await page
      .getByRole('row', { name: /Anonymous/ })
      .getByText(sale.sale_number)
      .waitFor();
  });
});
