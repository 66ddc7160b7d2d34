import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import { mainMenu, openFromMenu, type RunningApp, signedInPage, startAll, stopAll } from './support.ts';

// Expenses and the financial reports in Chromium: the Administrator records an expense through the form and finds it
// in the expense report and the profit and loss statement; the Cashier has no Financial Reports group and is refused
// each of their addresses.
let app: RunningApp;
let browser: Browser;
let admin: Page;

const FINANCIAL = [
  '/reportrevenuelist',
  '/reportprofitlosslist',
  '/reportexpenselist',
  '/reportsupplierlist',
  '/reporttaxlist',
];

beforeAll(async () => {
  [app, browser] = await startAll();
  admin = await signedInPage(browser, app.url);
});
afterAll(() => stopAll(app, browser));

const fromMenu = (page: Page, label: string, path: string) => openFromMenu(page, app.url, label, path);
/** Clicks a field and types into it, as a person does. */
async function typeInto(page: Page, label: string, text: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.keyboard.type(text);
}
const card = async (page: Page, label: string) =>
  ((await page.getByRole('group', { name: label }).textContent()) ?? '').replace(label, '').trim();
const expectCard = (page: Page, label: string, expected: string) =>
  expect.poll(() => card(page, label), { timeout: 10_000 }).toBe(expected);

/** The dashboard's Net Profit card as shillings; NaN until the dashboard has answered. */
const netProfitCard = async (page: Page) =>
  Number(((await page.getByTestId('card-net_profit').textContent()) ?? '').replace(/[^\d-]/g, '') || Number.NaN);

describe('the Administrator', () => {
  it('records an expense through the form and sees it in the list, the expense report and the net profit', async () => {
    await fromMenu(admin, 'Dashboard', '/dashboard');
    await expect.poll(() => netProfitCard(admin)).not.toBeNaN();
    const netBefore = await netProfitCard(admin);

    await fromMenu(admin, 'Expenses', '/expenselist');
    await admin.getByRole('link', { name: 'Create' }).click();
    await admin.waitForURL(`${app.url}/expensecreate`);
    // Saving the empty form shows the shared schema's messages without a call.
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Category is required.').waitFor();
    await admin.getByText('Payment method is required.').waitFor();

    await typeInto(admin, 'Category', 'Transport');
    await typeInto(admin, 'Amount (UGX)', '45000');
    await admin.getByRole('textbox', { name: 'Payment method', exact: true }).click();
    await admin.getByRole('option', { name: 'Mobile Money', exact: true }).click();
    await typeInto(admin, 'Reference', 'MP240611.1234');
    await typeInto(admin, 'Description', 'Boda delivery of cement to Ntinda');
    expect(await admin.getByRole('textbox', { name: 'Amount (UGX)', exact: true }).inputValue()).toBe('45,000');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Expense created successfully!').waitFor();
    await admin.waitForURL(`${app.url}/expenselist`);
    const row = admin.locator('tbody tr', { hasText: 'Boda delivery of cement to Ntinda' });
    await row.waitFor();
    expect(await row.textContent()).toContain('45,000');
    expect(await row.textContent()).toContain('Mobile Money');

    await fromMenu(admin, 'Expense Report', '/reportexpenselist');
    await expectCard(admin, 'Total Expenses (UGX)', '45,000');
    await expectCard(admin, 'By Category', 'Transport 45,000');
    await admin.locator('tbody tr', { hasText: 'Boda delivery of cement to Ntinda' }).waitFor();

    // The dashboard's net profit for this month drops by exactly the expense.
    await fromMenu(admin, 'Dashboard', '/dashboard');
    await expect.poll(() => netProfitCard(admin)).toBe(netBefore - 45_000);
  });

  it('opens the profit and loss statement with the expense on its own line', async () => {
    await fromMenu(admin, 'Profit and Loss Report', '/reportprofitlosslist');
    await admin.getByRole('heading', { name: 'Profit and Loss Report' }).waitFor();
    await expectCard(admin, 'Total Expenses (UGX)', '45,000');
    const line = admin.locator('tbody tr', { hasText: 'Expense: Transport' });
    await line.waitFor();
    expect(await line.textContent()).toContain('45,000');
    const revenue = Number((await card(admin, 'Revenue (UGX)')).replace(/,/g, ''));
    const cost = Number((await card(admin, 'Cost of Goods Sold (UGX)')).replace(/,/g, ''));
    const loss = Number((await card(admin, 'Stock Losses (UGX)')).replace(/,/g, ''));
    const net = revenue - cost - 45_000 - loss;
    await expectCard(admin, 'Net Profit (UGX)', new Intl.NumberFormat('en-US').format(net));
  });
});

describe('the Cashier', () => {
  it('has no Financial Reports menu and is refused each report address', async () => {
    const cashier = await signedInPage(browser, app.url, DEMO_CASHIER);
    await mainMenu(cashier).getByRole('link', { name: 'POS', exact: true }).waitFor();
    expect(await mainMenu(cashier).getByText('Financial Reports', { exact: true }).count()).toBe(0);
    expect(await mainMenu(cashier).getByRole('link', { name: 'Expenses', exact: true }).count()).toBe(0);
    for (const path of [...FINANCIAL, '/expenselist']) {
      await cashier.goto(`${app.url}${path}`);
      await cashier.getByText('Access denied').waitFor();
      expect(await cashier.locator('tbody tr').count(), path).toBe(0);
    }
  });
});
