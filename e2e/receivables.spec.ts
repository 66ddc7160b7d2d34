import { AxeBuilder } from '@axe-core/playwright';
import { formatMoney } from '@duka/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  collectErrors,
  openFromMenu,
  type RunningApp,
  saleThroughApi,
  signedInPage,
  signInThroughUi,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// What customers owe, in Chromium: two customers' sales put on account through the API (one past their limit by a
// manager's override) and a part payment; the dashboard's "Owed by customers" card, the receivables report opened
// from it and from the menu, its total card and rows, and its search: every figure is the server's, on each screen.
// The Cashier, without the report's key, sees no such card.
let app: RunningApp;
let browser: Browser;
let admin: string;
let page: Page;
const errors: string[] = [];

async function post(path: string, body: Record<string, unknown>) {
  const res = await apiCall(app.url, 'POST', path, body, admin);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const receivables = async (search?: string) => {
  const query = search ? `?search=${encodeURIComponent(search)}` : '';
  const res = await apiCall(app.url, 'GET', `/reportreceivableslist${query}`, undefined, admin);
  expect(res.status).toBe(200);
  return res.body as { total_receivables: number; over_limit_count: number; data: { data: { name: string }[] } };
};

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  const sheets = await stockItem(app.url, admin, 'Iron Sheets', 45_000, 50);
  const mugisha = await post('/customerstore', {
    name: 'Mugisha Roofing',
    phone_number: '0783555111',
    credit_limit: 1_000_000,
    payment_terms_days: 30,
  });
  const apio = await post('/customerstore', {
    name: 'Apio Builders',
    phone_number: '0783555222',
    credit_limit: 50_000,
    payment_terms_days: 7,
  });
  const onAccount = (customer_id: number, quantity: number, extra: Record<string, unknown> = {}) =>
    saleThroughApi(app.url, admin, [[sheets, quantity]], {
      customer_id,
      payments: [{ method: 'ACCOUNT', amount: 45_000 * quantity }],
      ...extra,
    });
  // Mugisha: 6 sheets (270,000), 70,000 paid back. Apio: 2 sheets (90,000) past a 50,000 limit, let through.
  await onAccount(mugisha.id, 6);
  await post('/customerpaymentstore', { customer_id: mugisha.id, amount: 70_000, method: 'CASH' });
  await onAccount(apio.id, 2, { credit_override_reason: 'Known contractor, pays Friday' });
  // A context of its own: axe-core injects its script through it.
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  page.setDefaultTimeout(10_000);
  collectErrors(errors)(page);
  await signInThroughUi(page, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.waitForURL(`${app.url}/home`);
});
afterAll(() => stopAll(app, browser));

/** The serious and critical WCAG 2 A/AA violations on the page as it is now (as a11y.spec.ts counts them). */
async function seriousViolations(): Promise<string[]> {
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** A report card's figure (FigureCards names each card by its label). */
const card = async (label: string) =>
  ((await page.getByRole('group', { name: label }).textContent()) ?? '').replace(label, '').trim();

describe('receivables', () => {
  it('the dashboard card, the report opened from it and the API show the same total', async () => {
    const server = await receivables();
    expect(server.total_receivables).toBe(200_000 + 90_000);
    expect(server.over_limit_count).toBe(1);

    await openFromMenu(page, app.url, 'Dashboard', '/dashboard');
    await expect
      .poll(() => page.getByTestId('card-receivables-total').textContent(), { timeout: 10_000 })
      .toBe(`UGX ${formatMoney(server.total_receivables)}`);
    expect(await page.getByTestId('card-receivables-over-limit').textContent()).toBe(
      '1 customer over their credit limit',
    );
    const onDashboard = await page.getByTestId('card-receivables-total').textContent();
    // The over-limit line in red, and the link, read at AA contrast.
    expect(await seriousViolations()).toEqual([]);

    await page.getByRole('link', { name: 'Open the Receivables Report' }).click();
    await page.waitForURL(`${app.url}/reportreceivableslist`);
    await page.getByRole('heading', { name: 'Receivables Report' }).waitFor();
    await expect.poll(() => card('Total Receivables (UGX)')).toBe(formatMoney(server.total_receivables));
    expect(`UGX ${await card('Total Receivables (UGX)')}`).toBe(onDashboard);
    expect(await card('Customers Over Their Limit')).toBe('1');
    // Largest balance first, each row's balance and how overdue (all of it current: the sales were made today).
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getByRole('cell').allInnerTexts()).toEqual([
      '1',
      expect.stringMatching(/^CU\d{6}$/),
      'Mugisha Roofing',
      '0783555111',
      '200,000',
      '200,000',
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(await rows.nth(1).getByRole('cell').nth(2).textContent()).toBe('Apio Builders');
    expect(await seriousViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('opens from Reports in the menu; a search narrows the rows and the total with them', async () => {
    await openFromMenu(page, app.url, 'Dashboard', '/dashboard');
    await openFromMenu(page, app.url, 'Receivables Report', '/reportreceivableslist');
    await expect.poll(() => card('Total Receivables (UGX)')).toBe('290,000');
    const search = page.getByRole('textbox', { name: 'Search', exact: true });
    await search.click();
    await page.keyboard.type('Apio');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const server = await receivables('Apio');
    expect(server.total_receivables).toBe(90_000);
    await expect.poll(() => card('Total Receivables (UGX)')).toBe(formatMoney(server.total_receivables));
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody tr').first().getByRole('cell').nth(2).textContent()).toBe('Apio Builders');
    expect(errors).toEqual([]);
  });

  it('the Cashier, without the report’s key, sees no card and no Receivables Report in the menu', async () => {
    const cashier = await signedInPage(browser, app.url, DEMO_CASHIER);
    await cashier.goto(`${app.url}/dashboard`);
    await cashier.getByTestId('card-total_revenue').waitFor();
    expect(await cashier.getByTestId('card-receivables').count()).toBe(0);
    expect(
      await cashier
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Receivables Report' })
        .count(),
    ).toBe(0);
    await cashier.close();
  });
});
