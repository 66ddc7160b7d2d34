import { formatMoney, MAX_MONEY } from '@duka/shared';
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

// Purchase orders in Chromium, as the shop's buyer uses them: an order of two lines typed into the form (its live
// total checked), found on the list, opened (the total on screen is the server's), then cancelled with a reason.
let app: RunningApp;
let browser: Browser;
let admin: string;
let page: Page;
const errors: string[] = [];

/** The id of `name` in an id-and-name lookup's answer (/getproducts, /getsuppliers…). */
const idOf = (answer: { body: { data: { id: number; name: string }[] } }, name: string) =>
  answer.body.data.find((o) => o.name === name)?.id;

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  // Two products, each with its brand, unit and supplier (the nails' supplier is the one ordered from).
  await stockItem(app.url, admin, 'Nails 4 inch', 9_000, 50);
  await stockItem(app.url, admin, 'Iron Sheet G28', 42_000, 20);
  // Cement is counted in Bags and also ordered by the Tonne of 20 Bags.
  await stockItem(app.url, admin, 'Cement', 38_000, 40, 'Bag');
  const tonne = await apiCall(
    app.url,
    'POST',
    '/measurementstore',
    { name: 'Tonne', environment: 'PRODUCTION' },
    admin,
  );
  if (tonne.status !== 200) throw new Error(JSON.stringify(tonne.body));
  const products = await apiCall(app.url, 'GET', '/getproducts', undefined, admin);
  const measurements = await apiCall(app.url, 'GET', '/getmeasurements', undefined, admin);
  const declared = await apiCall(
    app.url,
    'PUT',
    `/productunitsupdate/${idOf(products, 'Cement')}`,
    { base_measurement_id: idOf(measurements, 'Bag'), units: [{ measurement_id: tonne.body.data.id, factor: 20 }] },
    admin,
  );
  if (declared.status !== 200) throw new Error(JSON.stringify(declared.body));
  // A context of its own, not browser.newPage()'s: axe-core injects its script through the context.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  collectErrors(errors)(page);
  await signInThroughUi(page, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.waitForURL(`${app.url}/home`);
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
/** The message shown under a field (Mantine ties it to the input through aria-describedby). */
const errorUnder = (label: string) => fieldError(textbox(label));
/** The serious and critical WCAG 2 A/AA violations on the screen as it is now. */
const seriousViolations = () => axeViolations(page);
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
    expect(await seriousViolations()).toEqual([]);

    // 8 × 2,000,000,000 passes the schema but not the server's ceiling on a line: its 422 shows under that line.
    await typeInto('Line 2 unit cost', '2000000000');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await errorUnder('Line 2 quantity')).toBe(`One line may come to at most UGX ${formatMoney(MAX_MONEY)}.`);
    expect(page.url()).toBe(`${app.url}/purchaseordercreate`);
    await typeInto('Line 2 unit cost', '33600');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.url}/purchaseorderlist`);

    const row = page.getByRole('row', { name: /Nails 4 inch supplier/ });
    await row.waitFor();
    expect(await seriousViolations()).toEqual([]);
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
    expect(await seriousViolations()).toEqual([]);
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

  it('says so when the order was cancelled while it was being edited (409), and keeps the form', async () => {
    const suppliers = await apiCall(app.url, 'GET', '/getsuppliers', undefined, admin);
    const products = await apiCall(app.url, 'GET', '/getproducts', undefined, admin);
    const measurements = await apiCall(app.url, 'GET', '/getmeasurements', undefined, admin);
    const made = await apiCall(
      app.url,
      'POST',
      '/purchaseorderstore',
      {
        supplier_id: idOf(suppliers, 'Iron Sheet G28 supplier'),
        lines: [
          {
            product_id: idOf(products, 'Iron Sheet G28'),
            brand_id: null,
            measurement_id: idOf(measurements, 'Iron Sheet G28 unit'),
            quantity: 10,
            unit_cost: 33_600,
          },
        ],
      },
      admin,
    );
    expect(made.status).toBe(200);
    const { id, po_number: poNumber } = made.body.data;

    await page.goto(`${app.url}/purchaseorderlist`);
    const row = page.getByRole('row', { name: new RegExp(poNumber) });
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.waitForURL(`${app.url}/purchaseorderupdate/${id}`);
    await expect.poll(() => textbox('Line 1 quantity').inputValue()).toBe('10');
    expect(await formTotal()).toBe('Total: UGX 336,000');

    // Someone else cancels it meanwhile.
    const cancelled = await apiCall(app.url, 'POST', `/purchaseordercancel/${id}`, { reason: 'Ordered twice' }, admin);
    expect(cancelled.status).toBe(200);
    await typeInto('Line 1 quantity', '12');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `${poNumber} was cancelled; it can no longer be changed.` })
      .waitFor();
    expect(page.url()).toBe(`${app.url}/purchaseorderupdate/${id}`);
    const after = await apiCall(app.url, 'GET', `/purchaseordershow/${id}`, undefined, admin);
    expect(after.body.data.lines[0].ordered).toBe(10);
    expect(errors).toEqual([]);
  });

  it('offers a product with declared units only its own units, and keeps the unit ordered with its factor', async () => {
    await openFromMenu(page, app.url, 'Purchase Orders', '/purchaseorderlist');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(`${app.url}/purchaseordercreate`);
    await choose('Supplier', 'Cement supplier');
    await choose('Line 1 product', 'Cement');
    await textbox('Line 1 unit').click();
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Bag (base)', 'Tonne (20 Bags)']);
    await page.getByRole('option', { name: 'Tonne (20 Bags)' }).click();
    await typeInto('Line 1 quantity', '2');
    await typeInto('Line 1 unit cost', '760000');
    await expect.poll(formTotal).toBe('Total: UGX 1,520,000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.url}/purchaseorderlist`);

    const row = page.getByRole('row', { name: /Cement supplier/ });
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.waitForURL(/\/purchaseordershow\/\d+$/);
    const shown = await apiCall(app.url, 'GET', `/purchaseordershow/${page.url().split('/').pop()}`, undefined, admin);
    expect(shown.body.data.lines[0]).toMatchObject({
      unit: { name: 'Tonne' },
      factor: 20,
      ordered: 2,
      line_total: 1_520_000,
    });
    await page.getByRole('cell', { name: 'Tonne (20 Bags)' }).waitFor();
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('1,520,000');

    // Cancelled from the list's row menu: the row says so and offers neither Edit nor Cancel again.
    await openFromMenu(page, app.url, 'Purchase Orders', '/purchaseorderlist');
    const listed = page.getByRole('row', { name: /Cement supplier/ });
    await listed.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${shown.body.data.po_number}` });
    await dialog.getByRole('textbox', { name: 'Reason' }).click();
    await page.keyboard.type('Price went up');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await listed.getByText('Cancelled', { exact: true }).waitFor();
    await listed.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'View' }).waitFor();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['View']);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });
});
