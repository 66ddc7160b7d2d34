import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import { menuLink, type RunningApp, signedInPage, startShop, stockItem, stopAll } from './support.ts';

// Units in Chromium: the measurement form's plural, and the POS cart and the receipt writing each unit for its
// quantity ("3 Boxes", "2 kg"), never an "s" stuck on ("Boxs", "kgs").
let app: RunningApp;
let browser: Browser;
let token: string;

beforeAll(async () => {
  ({ app, browser, admin: token } = await startShop());
  await stockItem(app.url, token, 'Floor Tiles', 45_000, 50, 'Box');
  await stockItem(app.url, token, 'Roofing Nails', 9_000, 50, 'kg');
});
afterAll(() => stopAll(app, browser));

const cellsOf = (page: Page, name: RegExp) => page.getByRole('row', { name }).getByRole('cell').allTextContents();

describe('units of measurement', () => {
  it('the measurement form shows the plural the rule makes, and keeps the one the shop writes', async () => {
    const admin = await signedInPage(browser, app.url);
    await menuLink(admin, 'Measurement').click();
    await admin.getByRole('link', { name: 'Create' }).click();
    await admin.getByLabel('Name').click();
    await admin.keyboard.type('Battery');
    expect(await admin.getByLabel('Plural (optional)').getAttribute('placeholder')).toBe('Batteries');
    await admin.getByRole('radio', { name: 'Save and stay' }).check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Measurement created successfully!').waitFor();

    await expect.poll(() => admin.getByLabel('Name').inputValue()).toBe('');
    await admin.getByLabel('Name').click();
    await admin.keyboard.type('Crate');
    await admin.getByLabel('Plural (optional)').click();
    await admin.keyboard.type('Crates of 24');
    await admin.getByRole('radio', { name: 'Save and go to list' }).check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(`${app.url}/measurementlist`);
    await expect.poll(() => cellsOf(admin, /Battery/)).toEqual(expect.arrayContaining(['Battery', 'Batteries']));
    await expect.poll(() => cellsOf(admin, /Crate/)).toEqual(expect.arrayContaining(['Crate', 'Crates of 24']));
    await admin.close();
  });

  it('the POS cart and the receipt write the unit for the quantity', async () => {
    const page = await signedInPage(browser, app.url, DEMO_CASHIER);
    await menuLink(page, 'POS').click();
    await page.getByRole('button', { name: 'Process Sale' }).waitFor();
    const sell = async (product: string, quantity: string) => {
      await page.getByRole('textbox', { name: 'Product' }).click();
      await page.keyboard.type(product);
      await page.getByRole('option', { name: product }).click();
      await expect.poll(() => page.getByLabel('Sale Price (UGX)').inputValue()).not.toBe('');
      await page.getByLabel(/^Quantity/).click();
      await page.keyboard.type(quantity);
      await page.getByRole('button', { name: 'Add Cart' }).click();
      await page.getByRole('row', { name: new RegExp(product) }).waitFor();
    };
    await sell('Floor Tiles', '3');
    await sell('Roofing Nails', '2');
    expect(await cellsOf(page, /Floor Tiles/)).toContain('Boxes');
    expect(await cellsOf(page, /Roofing Nails/)).toContain('kg');

    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.waitForURL(/\/sales(receipt|invoice)\/\d+$/);
    await page.getByText('Floor Tiles — Floor Tiles brand (Boxes)').waitFor();
    await page.getByText('Roofing Nails — Roofing Nails brand (kg)').waitFor();
    expect(await page.getByText(/Boxs|kgs/).count()).toBe(0);
    await page.close();
  });
});
