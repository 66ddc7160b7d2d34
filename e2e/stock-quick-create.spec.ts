import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  collectErrors,
  openFromMenu,
  type RunningApp,
  signedInPage,
  signInThroughUi,
  startShop,
  stopAll,
} from './support.ts';

// Receiving a new product as a shop does it in Chromium: the product, its unit and its brand made from the stock
// form itself ("+ New"), goods without a brand received as "No brand", a product no brand lists yet received under
// another product's brand, and the unbranded goods sold at the POS with "No brand" on the cart and the receipt.
let app: RunningApp;
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  let admin: string;
  ({ app, browser, admin } = await startShop());
  const call = async (path: string, body: Record<string, unknown>) => {
    const res = await apiCall(app.url, 'POST', path, { ...body, environment: 'PRODUCTION' }, admin);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const category = await call('/categorystore', { name: 'Aggregates' });
  const cement = await call('/productstore', { name: 'Portland Cement', category_id: category.id });
  await call('/brandstore', { name: 'Tororo', product_ids: [cement.id] });
  await call('/supplierstore', {
    name: 'Mukono Quarry',
    phone_number: '0772000333',
    email: 'orders@quarry.test',
    tin: '1000888888',
    country: 'Uganda',
    address: 'Mukono',
  });
  page = await signedInPage(browser, app.url, undefined, { prepare: collectErrors(errors) });
});
afterAll(() => stopAll(app, browser));

const select = (name: string) => page.getByRole('textbox', { name, exact: true });
const choose = async (label: string, option: string) => {
  await select(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};
const typeInto = async (label: string, text: string) => {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(text);
};
/** The stock form's figures and a supplier (Production stays under More options); Save, and back on the list. */
async function finishBatch(quantity: string) {
  await choose('Supplier', 'Mukono Quarry');
  await typeInto('Quantity', quantity);
  await typeInto('Unit Price', '60000');
  await typeInto('Sale Price', '75000');
  await typeInto('Minimum Stock Level', '1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Stock created successfully!').waitFor();
  await page.waitForURL(`${app.url}/stocklist`);
}
/** A row's cells once the list shows it. */
async function rowCells(text: RegExp) {
  const row = page.getByRole('row', { name: text });
  await row.waitFor();
  return row.getByRole('cell').allInnerTexts();
}
async function openStockForm() {
  await openFromMenu(page, app.url, 'Stock Records', '/stocklist');
  await page.getByRole('link', { name: 'Create' }).click();
  await page.waitForURL(`${app.url}/stockcreate`);
}

describe('receiving what the catalogue does not hold yet', () => {
  it('makes the product and its unit from the stock form, and receives it without a brand', async () => {
    await openStockForm();
    await page.getByRole('button', { name: 'New product' }).click();
    const productDialog = page.getByRole('dialog', { name: 'New product' });
    // The create screen's own rules: a name and a category.
    await productDialog.getByRole('button', { name: 'Save' }).click();
    await productDialog.getByText('Name is required.').waitFor();
    await productDialog.getByText('Category is required.').waitFor();
    await productDialog.getByLabel('Name').click();
    await page.keyboard.type('Lake Sand');
    await productDialog.getByRole('textbox', { name: 'Category', exact: true }).click();
    await page.getByRole('option', { name: 'Aggregates', exact: true }).click();
    await productDialog.getByRole('button', { name: 'Save' }).click();
    await productDialog.waitFor({ state: 'hidden' });
    // The new product is chosen, and the form has not been sent.
    await expect.poll(() => select('Product').inputValue()).toBe('Lake Sand');
    expect(page.url()).toBe(`${app.url}/stockcreate`);

    await page.getByRole('button', { name: 'New measurement' }).click();
    const unitDialog = page.getByRole('dialog', { name: 'New measurement' });
    await unitDialog.getByLabel('Name').click();
    await page.keyboard.type('Tonne');
    await page.keyboard.press('Enter');
    await unitDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => select('Measurement').inputValue()).toBe('Tonne');
    expect(page.url()).toBe(`${app.url}/stockcreate`);

    // Sand has no brand: the brand select offers it, and the other product's brand too.
    await select('Brand').click();
    await page.getByRole('option', { name: 'Tororo', exact: true }).waitFor();
    await page.getByRole('option', { name: 'No brand', exact: true }).click();
    await finishBatch('12');
    expect(await rowCells(/Lake Sand/)).toEqual(expect.arrayContaining(['Lake Sand', 'No brand', 'Tonne', '12']));
  });

  it("receives a product no brand lists under another product's brand, and makes a new brand in place", async () => {
    await openStockForm();
    await page.getByRole('button', { name: 'New product' }).click();
    const productDialog = page.getByRole('dialog', { name: 'New product' });
    await productDialog.getByLabel('Name').click();
    await page.keyboard.type('Wall Plaster');
    await productDialog.getByRole('textbox', { name: 'Category', exact: true }).click();
    await page.getByRole('option', { name: 'Aggregates', exact: true }).click();
    await productDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => select('Product').inputValue()).toBe('Wall Plaster');

    // The cement's brand, for a product no brand lists: receiving links them.
    await choose('Brand', 'Tororo');
    await choose('Measurement', 'Tonne');
    await finishBatch('3');
    expect(await rowCells(/Wall Plaster/)).toEqual(expect.arrayContaining(['Wall Plaster', 'Tororo', '3']));

    // A brand no product has yet, made for the chosen product.
    await openStockForm();
    await choose('Product', 'Wall Plaster');
    await page.getByRole('button', { name: 'New brand' }).click();
    const brandDialog = page.getByRole('dialog', { name: 'New brand' });
    await brandDialog.getByLabel('Name').click();
    await page.keyboard.type('Simba');
    await brandDialog.getByRole('button', { name: 'Save' }).click();
    await brandDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => select('Brand').inputValue()).toBe('Simba');
    await choose('Measurement', 'Tonne');
    await finishBatch('5');
    expect(await rowCells(/Simba/)).toEqual(expect.arrayContaining(['Wall Plaster', 'Simba', '5']));
  });
});

describe('the stock form with its "+ New" dialog open', () => {
  it('has no serious or critical WCAG 2 A/AA violation', async () => {
    // axe-core injects its script through the page's own context.
    const context = await browser.newContext();
    const axePage = await context.newPage();
    axePage.setDefaultTimeout(10_000);
    await signInThroughUi(axePage, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await axePage.waitForURL(`${app.url}/home`);
    await axePage.goto(`${app.url}/stockcreate`);
    await axePage.getByRole('button', { name: 'New product' }).click();
    await axePage.getByRole('dialog', { name: 'New product' }).getByLabel('Name').waitFor();
    // Mantine's opening transition ends before the colours are measured.
    await axePage.waitForTimeout(400);
    const results = await new AxeBuilder({ page: axePage })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    await context.close();
  });
});

describe('selling goods without a brand', () => {
  it('shows "No brand" in the POS search, the cart and on the receipt', async () => {
    await openFromMenu(page, app.url, 'POS', '/salespos');
    await page.getByRole('textbox', { name: 'Find item' }).click();
    await page.keyboard.type('lake sand');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByText('Lake Sand', { exact: true }).waitFor();
    expect(await results.getByRole('listitem').first().textContent()).toContain('No brand · Tonne');
    await page.keyboard.press('Enter');
    const line = page.getByRole('row', { name: /Lake Sand/ });
    await line.waitFor();
    expect(await line.textContent()).toContain('No brand');
    await page.keyboard.press('F9');
    const payment = page.getByRole('dialog', { name: 'Take payment' });
    await payment.getByText('UGX 75,000').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/salesreceipt\/\d+$/);
    await page.getByText(/Lake Sand — No brand/).waitFor();
    expect(errors).toEqual([]);
  });

  it('picks the unbranded batch by hand: its brand is "No brand", then its unit and price', async () => {
    await openFromMenu(page, app.url, 'POS', '/salespos');
    // The choice by hand stays open once opened (and starts open on a wide screen).
    const byHand = page.getByRole('button', { name: /batch by hand/ });
    if ((await byHand.getAttribute('aria-expanded')) !== 'true') await byHand.click();
    await select('Product').click();
    await page.keyboard.type('lake');
    await page.getByRole('option', { name: 'Lake Sand', exact: true }).click();
    // One batch, one brand, one unit: each is chosen by itself, and the server's price shows.
    await expect.poll(() => select('Brand').inputValue()).toBe('No brand');
    await expect.poll(() => select('Measurement').inputValue()).toBe('Tonne');
    await expect.poll(() => page.getByLabel('Sale Price (UGX)').inputValue()).toBe('75,000');
    await page.getByRole('button', { name: 'Add Cart' }).click();
    const line = page.getByRole('row', { name: /Lake Sand/ });
    await line.waitFor();
    expect(await line.textContent()).toContain('No brand');
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear Cart' }).click();
  });

  it('shows "No brand" from the till\'s local copy when the connection is gone', async () => {
    const context = await browser.newContext();
    const till = await context.newPage();
    till.setDefaultTimeout(10_000);
    await signInThroughUi(till, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await till.waitForURL(`${app.url}/home`);
    await till.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await till.goto(`${app.url}/salespos`);
    await till.getByTestId('local-copy-age').waitFor({ timeout: 15_000 });
    await context.setOffline(true);
    await till.reload();
    const search = till.getByRole('textbox', { name: 'Find item' });
    await search.waitFor({ timeout: 15_000 });
    await till.getByRole('status', { name: 'Connection: Offline' }).waitFor();
    await search.click();
    await till.keyboard.type('lake sand');
    const results = till.getByRole('list', { name: 'Search results' });
    await results.getByText('Lake Sand', { exact: true }).waitFor();
    expect(await results.getByRole('listitem').first().textContent()).toContain('No brand · Tonne');
    await context.close();
  });
});
