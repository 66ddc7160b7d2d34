import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../apps/server/src/db/seed/demo.ts';
import { apiCall, openFromMenu, type RunningApp, signedInPage, startShop, stockItem, stopAll } from './support.ts';

// Barcode labels as the back office prints them in Chromium: two products without a barcode are chosen on
// the product list, Print labels downloads the A4 PDF, the list then shows the barcodes they were given (a SKU that
// can serve, else a shop number), and the POS finds the product by the printed code.
let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  let token: string;
  ({ app, browser, admin: token } = await startShop());
  await stockItem(app.url, token, 'Label Cement', 38_000, 20);
  await stockItem(app.url, token, 'Label Sand', 12_000, 20);
  // The sand has a SKU a scanner can type: it becomes its barcode.
  const found = await apiCall(app.url, 'GET', '/productlist?search=Label%20Sand', undefined, token);
  const sand = found.body.data[0];
  const update = await apiCall(
    app.url,
    'PUT',
    `/productupdate/${sand.id}`,
    { name: 'Label Sand', category_id: sand.category_id, sku: 'SAND25KG' },
    token,
  );
  expect(update.status).toBe(200);
  page = await signedInPage(browser, app.url, DEMO_ADMIN, { acceptDownloads: true });
});
afterAll(() => stopAll(app, browser));

const row = (name: string) => page.getByRole('row', { name: new RegExp(name) });

describe('printing barcode labels from the product list', () => {
  let cementCode = '';

  it('gives the chosen products barcodes and downloads their A4 sheet of labels', async () => {
    await openFromMenu(page, app.url, 'Products', '/productlist');
    await row('Label Cement').getByRole('checkbox').click();
    await row('Label Sand').getByRole('checkbox').click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print labels (2)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^\d{4}_\d{2}_\d{2}_product_labels\.pdf$/);
    const bytes = fs.readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.getByText('2 products given a barcode.').waitFor();

    // The list shows the barcodes now: the SKU for the sand, a shop number for the cement.
    await expect.poll(() => row('Label Sand').textContent()).toContain('SAND25KG');
    await expect.poll(() => row('Label Cement').textContent()).toMatch(/DK\d{10}/);
    cementCode = (await row('Label Cement').textContent())?.match(/DK\d{10}/)?.[0] ?? '';
    expect(cementCode).not.toBe('');
  });

  it('lets the POS find the product by the printed code', async () => {
    await openFromMenu(page, app.url, 'POS', '/salespos');
    await page.getByRole('textbox', { name: 'Find item' }).click();
    await page.keyboard.type(cementCode);
    await expect.poll(() => page.getByRole('list', { name: 'Search results' }).textContent()).toContain('Label Cement');
    // As a scanner ends its code: Enter puts the item in the cart.
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /Label Cement/ }).waitFor();
  });
});
