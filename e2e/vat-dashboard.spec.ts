import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../apps/server/src/db/seed/demo.ts';
import { KATO_HARDWARE } from '../apps/server/test/business-fixtures.ts';
import { apiCall, openFromMenu, type RunningApp, signedInPage, startShop, stockItem, stopAll } from './support.ts';

// VAT and the dashboard as the Administrator uses them in Chromium: VAT switched on in Business Info, a
// sale at the POS whose receipt shows "VAT 18%" and the VAT inside its total, and the dashboard's period picker
// changing the revenue card and the chart.
let app: RunningApp;
let browser: Browser;
let page: Page;
let token: string;
const errors: string[] = [];

beforeAll(async () => {
  ({ app, browser, admin: token } = await startShop());
  await stockItem(app.url, token, 'Water Tank', 118_000, 10);
  // The shop's details exist already (seeded through the API); the test switches VAT on through the screen.
  const business = await apiCall(app.url, 'POST', '/businessinfosettingsstore', KATO_HARDWARE, token);
  expect(business.status).toBe(200);
  page = await signedInPage(browser, app.url, DEMO_ADMIN, {
    prepare: (p) => p.on('pageerror', (err) => errors.push(err.message)),
  });
});
afterAll(() => stopAll(app, browser));

const fromMenu = (label: string, path: string) => openFromMenu(page, app.url, label, path);

/** Replaces a field's text as a person does without selecting it: to the end, erase, type. */
async function retype(field: Locator, text: string) {
  await field.click();
  await page.keyboard.press('End');
  for (const _ of await field.inputValue()) await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

const dashboardOnServer = async (query: string) =>
  (await apiCall(app.url, 'GET', `/dashboard${query}`, undefined, token)).body.data as {
    total_revenue: number;
    chart_data: { label: string; y: number }[];
  };

describe('VAT', () => {
  it('is switched on in Business Info, and the receipt of the next sale shows VAT 18% inside its total', async () => {
    await fromMenu('Business Info', '/businessinfosettings');
    const rate = page.getByRole('textbox', { name: /VAT rate/ });
    await expect.poll(() => rate.inputValue()).toBe('18');
    const registered = page.getByRole('radiogroup', { name: /VAT registered/ });
    expect(await registered.getByRole('radio', { name: 'No' }).isChecked()).toBe(true);

    // A rate above 100 is refused on the screen with the server's words.
    await registered.getByRole('radio', { name: 'Yes' }).click();
    await retype(rate, '180');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('VAT rate must be a number from 0 to 100 (at most 2 decimals).').waitFor();
    await retype(rate, '18');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Business info settings saved successfully!').waitFor();
    const saved = await apiCall(app.url, 'GET', '/businessinfosettingslist', undefined, token);
    expect(saved.body.data).toMatchObject({ vat_registered: 'Yes', vat_rate: 18 });

    // A sale at the POS: one water tank at 118,000, VAT-inclusive.
    await fromMenu('POS', '/salespos');
    await page.getByRole('textbox', { name: 'Find item' }).click();
    await page.keyboard.type('water tank');
    await page.getByRole('list', { name: 'Search results' }).getByText('Water Tank', { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /Water Tank/ }).waitFor();
    await expect.poll(() => page.getByTestId('pos-total').textContent()).toBe('Total: UGX 118,000');
    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.waitForURL(/\/salesreceipt\/\d+$/);

    // 118,000 × 18/118 = 18,000, shown from what the sale stored.
    await page.getByText('VAT 18% (included)').waitFor();
    expect(await page.getByTestId('total-vat').textContent()).toBe('18,000');
    expect(await page.getByTestId('total-totalugx').textContent()).toBe('118,000');
    const id = page.url().split('/').pop();
    const sale = (await apiCall(app.url, 'GET', `/saleshow/${id}`, undefined, token)).body.data;
    expect(sale).toMatchObject({ total_amount: 118_000, vat_rate: 18, vat_amount: 18_000 });
    expect(errors).toEqual([]);
  });
});

describe('the dashboard', () => {
  it('opens on this month; the period picker changes the revenue card and the chart', async () => {
    await fromMenu('Dashboard', '/dashboard');
    const revenue = page.getByTestId('card-total_revenue');
    const chart = page.getByTestId('top-products-chart');
    // This month holds the sale made above.
    await expect.poll(() => revenue.textContent()).toBe('UGX 118,000');
    expect(await page.getByRole('textbox', { name: 'Period' }).inputValue()).toBe('This month');
    await chart.waitFor();

    const choose = async (label: string) => {
      await page.getByRole('textbox', { name: 'Period' }).click();
      await page.getByRole('option', { name: label, exact: true }).click();
    };

    // Last month: no sales on this fresh shop, and the server agrees with the card.
    await choose('Last month');
    await page.waitForURL(/period=last_month/);
    await expect.poll(() => revenue.textContent()).toBe('UGX 0');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala' }).format(new Date());
    const firstOfMonth = `${today.slice(0, 7)}-01`;
    const lastDay = new Date(new Date(`${firstOfMonth}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);
    await page.getByText(`${lastDay.slice(0, 7)}-01 to ${lastDay}`).waitFor();
    expect((await dashboardOnServer(`?startDate=${lastDay.slice(0, 7)}-01&endDate=${lastDay}`)).total_revenue).toBe(0);
    // No sales: the chart's place says so instead of drawing empty axes.
    const noSales = page.getByText('No sales in this period');
    await noSales.waitFor();
    expect(await chart.count()).toBe(0);

    // Today: the sale again, and the chart names the tank with its unit.
    await choose('Today');
    await expect.poll(() => revenue.textContent()).toBe('UGX 118,000');
    await chart.waitFor();
    expect(await noSales.count()).toBe(0);
    await page.getByText(`${today} to ${today}`).waitFor();
    expect((await dashboardOnServer(`?startDate=${today}&endDate=${today}`)).chart_data).toEqual([
      { label: 'Water Tank (Water Tank unit)', y: 1 },
    ]);

    // Custom: the days typed into the two date fields (YYYY-MM-DD), each cleared first as a person does.
    await choose('Custom');
    const typeDay = async (label: string, day: string) => {
      const field = page.getByRole('textbox', { name: label, exact: true });
      await field.click();
      await page.keyboard.press('End');
      for (let i = (await field.inputValue()).length; i > 0; i--) await page.keyboard.press('Backspace');
      await page.keyboard.type(day);
      await expect.poll(() => field.inputValue()).toBe(day);
    };
    await typeDay('Start Date', firstOfMonth);
    await typeDay('End Date', lastDay); // before the start: refused where it is typed, nothing to apply
    await page.getByText('The end date cannot be before the start date.').waitFor();
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await typeDay('End Date', today);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(`${firstOfMonth} to ${today}`).waitFor();
    await expect.poll(() => revenue.textContent()).toBe('UGX 118,000');
    await typeDay('Start Date', `${Number(today.slice(0, 4)) - 1}-01-01`);
    await typeDay('End Date', `${Number(today.slice(0, 4)) - 1}-12-31`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => revenue.textContent()).toBe('UGX 0');
    expect(errors).toEqual([]);
  });
});
