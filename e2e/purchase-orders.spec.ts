import { formatMoney } from '@duka/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  collectErrors,
  openFromMenu,
  type RunningApp,
  signedInPage,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// Purchase orders in Chromium, as the shop's buyer uses them: an order of two lines typed into the form (its live
// total checked), found on the list, opened (the total on screen is the server's), then cancelled with a reason.
let app: RunningApp;
let browser: Browser;
let admin: string;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  // Two products, each with its brand, unit and supplier (the nails' supplier is the one ordered from).
  await stockItem(app.url, admin, 'Nails 4 inch', 9_000, 50);
  await stockItem(app.url, admin, 'Iron Sheet G28', 42_000, 20);
  page = await signedInPage(browser, app.url, undefined, {
    viewport: { width: 1366, height: 900 },
    prepare: collectErrors(errors),
  });
});
afterAll(() => stopAll(app, browser));

const textbox = (label: string) => page.getByRole('textbox', { name: label, exact: true });
/** Clicks a field, rubs out what it holds (End, then one Backspace per character) and types, as a person does. */
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
const formTotal = () => page.getByTestId('order-total').textContent();

describe('purchase orders', () => {
  it('creates an order of two lines, finds it on the list, opens it and cancels it with a reason', async () => {
    await openFromMenu(page, app.url, 'Purchase Orders', '/purchaseorderlist');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(`${app.url}/purchaseordercreate`);
    // The shared schema's messages, without a call.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Supplier is required.').waitFor();

    await choose('Supplier', 'Nails 4 inch supplier');
    await choose('Line 1 product', 'Nails 4 inch');
    await choose('Line 1 brand', 'Nails 4 inch brand');
    await choose('Line 1 unit', 'Nails 4 inch unit');
    await typeInto('Line 1 quantity', '12.5');
    await typeInto('Line 1 unit cost', '7300');
    // round(12.5 × 7,300) = 91,250
    await expect.poll(() => textbox('Line 1 total').inputValue()).toBe('91,250');

    await page.getByRole('button', { name: 'Add line' }).click();
    await choose('Line 2 product', 'Iron Sheet G28');
    // Goods without a brand unless one is chosen.
    expect(await textbox('Line 2 brand').inputValue()).toBe('No brand');
    await choose('Line 2 unit', 'Iron Sheet G28 unit');
    await typeInto('Line 2 quantity', '8');
    await typeInto('Line 2 unit cost', '33600');
    await expect.poll(() => textbox('Line 2 total').inputValue()).toBe('268,800');
    await expect.poll(formTotal).toBe(`Total: UGX ${formatMoney(91_250 + 268_800)}`);
    await typeInto('Notes', 'Deliver to the Mukono yard');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.url}/purchaseorderlist`);

    const row = page.getByRole('row', { name: /Nails 4 inch supplier/ });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells).toEqual(
      expect.arrayContaining([expect.stringMatching(/^PO-\d{6}$/), 'Nails 4 inch supplier', 'Open', '2', '360,050']),
    );
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.waitForURL(/\/purchaseordershow\/\d+$/);
    const id = Number(page.url().split('/').pop());

    const shown = await apiCall(app.url, 'GET', `/purchaseordershow/${id}`, undefined, admin);
    expect(shown.status).toBe(200);
    expect(shown.body.data.total_amount).toBe(360_050);
    await expect
      .poll(() => page.getByTestId('order-total').textContent())
      .toBe(formatMoney(shown.body.data.total_amount));
    await page.getByRole('heading', { name: `Purchase Order ${shown.body.data.po_number}` }).waitFor();
    await page.getByRole('cell', { name: 'Deliver to the Mukono yard' }).waitFor();
    // The supplier's phone in its international form, the PO number and the total in the message.
    const share = await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');
    expect(share).toMatch(/^https:\/\/wa\.me\/256772000222\?text=/);
    const message = decodeURIComponent((share ?? '').split('?text=')[1] ?? '');
    expect(message).toContain(shown.body.data.po_number);
    expect(message).toContain('UGX 360,050');

    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${shown.body.data.po_number}` });
    await dialog.waitFor();
    // No reason: said under the field, nothing sent.
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.getByText('Say why the order is cancelled.').waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).click();
    await page.keyboard.type('The supplier has no stock until January');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Cancelled', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'The supplier has no stock until January' }).waitFor();
    // Nothing left to edit or cancel.
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    const after = await apiCall(app.url, 'GET', `/purchaseordershow/${id}`, undefined, admin);
    expect(after.body.data.status).toBe('CANCELLED');
    expect(after.body.data.cancel_reason).toBe('The supplier has no stock until January');
    expect(errors).toEqual([]);
  });
});
