import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  apiToken,
  collectErrors,
  menuLink,
  openFromMenu,
  type RunningApp,
  saleThroughApi,
  signedInPage,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// Returns and the cash-up in Chromium as a cashier works them: a partial return from the receipt (the
// stock goes back), the day's cash-up with the right expected cash, and the Z-report and return receipt at 80 mm.
let app: RunningApp;
let browser: Browser;
let admin: string;
let cashier: string;
let cement: { id: number; batch_number: string };
let page: Page;
let saleId: number;
const errors: string[] = [];

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  cashier = await apiToken(app.url, DEMO_CASHIER);
  cement = await stockItem(app.url, admin, 'Cement Bag', 38_000, 100);
  // The cashier's cash sale: 2 × 38,000 paid with 100,000, 24,000 change.
  saleId = await saleThroughApi(app.url, cashier, [[cement, 2]], { payments: [{ method: 'CASH', amount: 100_000 }] });
  page = await signedInPage(browser, app.url, DEMO_CASHIER, {
    viewport: { width: 1366, height: 768 },
    prepare: collectErrors(errors),
  });
});
afterAll(() => stopAll(app, browser));

const balance = async () =>
  (await apiCall(app.url, 'GET', `/stockshow/${cement.id}`, undefined, admin)).body.data.balance as number;

/** An 80 mm roll is about 302 CSS pixels wide: printed, no element may stick out past it. */
async function fitsEightyMillimetres() {
  await page.setViewportSize({ width: 302, height: 900 });
  await page.emulateMedia({ media: 'print' });
  const widest = await page.evaluate(() =>
    Math.max(
      document.documentElement.scrollWidth,
      ...[...document.querySelectorAll('body *')].map((e) => Math.ceil(e.getBoundingClientRect().right)),
    ),
  );
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1366, height: 768 });
  return widest;
}

describe('returns and the cash-up', () => {
  it('takes part of a sale back from its receipt; the stock goes back and the return receipt prints at 80 mm', async () => {
    expect(await balance()).toBe(98);
    await page.goto(`${app.url}/salesreceipt/${saleId}`);
    await page.getByRole('link', { name: 'Return goods' }).click();
    await page.waitForURL(`${app.url}/salesreturn/${saleId}`);
    await page.getByRole('textbox', { name: 'Quantity to return of Cement Bag' }).click();
    await page.keyboard.type('1');
    await page.getByRole('textbox', { name: 'Reason' }).click();
    await page.keyboard.type('Bag torn');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/salesreturnreceipt\/\d+$/);
    await expect.poll(() => page.getByTestId('return-number').textContent()).toBe('No. 1');
    await expect.poll(() => page.getByTestId('return-receipt').textContent()).toContain('38,000');
    expect(await balance()).toBe(99);
    expect(await fitsEightyMillimetres()).toBeLessThanOrEqual(302);
  });

  it('shows the expected cash (float + cash taken − change − cash refunds), saves once and prints the Z-report', async () => {
    await menuLink(page, 'Cash-up').click();
    await page.waitForURL(`${app.url}/salescashup`);
    await page.getByText('Grace Namutebi · 1 sale, 1 return', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Opening float (UGX)' }).click();
    await page.keyboard.type('50000');
    // 50,000 + 100,000 − 24,000 − 38,000
    await expect.poll(() => page.getByTestId('cashup-expected').textContent()).toBe('88,000');
    await expect.poll(() => page.getByTestId('cashup-change').textContent()).toBe('24,000');
    await expect.poll(() => page.getByTestId('cashup-refunds').textContent()).toBe('38,000');
    await page.getByRole('textbox', { name: 'Counted cash (UGX)' }).click();
    await page.keyboard.type('87500');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('dialog', { name: 'Save this cash-up?' })
      .getByRole('button', { name: 'Save with this difference' })
      .click();
    await expect.poll(() => page.getByTestId('cashup-difference').textContent()).toBe('-500');
    await page.getByText(/^Cash-up No\. \d+ · 1 sale, 1 return$/).waitFor();
    await page.getByRole('link', { name: 'Z-report' }).click();
    await page.waitForURL(/\/salescashupreport\/\d+$/);
    await expect.poll(() => page.getByTestId('z-report').textContent()).toContain('88,000');
    expect(await fitsEightyMillimetres()).toBeLessThanOrEqual(302);
    expect(errors).toEqual([]);
  });

  it('lists the saved cash-up for the Administrator, with the same figures as the Z-report', async () => {
    const owner = await signedInPage(browser, app.url);
    await openFromMenu(owner, app.url, 'Cash-ups', '/salescashuplist');
    const row = owner.locator('tbody tr', { hasText: 'Grace Namutebi' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    for (const figure of ['50,000', '100,000', '24,000', '38,000', '88,000', '87,500', '-500'])
      expect(text).toContain(figure);
    await owner.close();
  });

  it('lets a manager pick a cashier on the cash-up screen and see that cashier’s expected cash', async () => {
    // The cashier, without salesCashUpAll, has no picker: only their own day.
    await openFromMenu(page, app.url, 'Cash-up', '/salescashup');
    await page.getByTestId('cashup-expected').waitFor();
    expect(await page.getByRole('textbox', { name: 'Cashier' }).count()).toBe(0);

    const owner = await signedInPage(browser, app.url);
    await openFromMenu(owner, app.url, 'Cash-up', '/salescashup');
    // Their own day first: the Administrator took no money.
    const picker = owner.getByRole('textbox', { name: 'Cashier' });
    await expect.poll(() => picker.inputValue()).toBe('Administrator');
    await expect.poll(() => owner.getByTestId('cashup-expected').textContent()).toBe('0');
    await picker.click();
    await owner.getByRole('option', { name: 'Grace Namutebi', exact: true }).click();
    // Her saved day: 50,000 + 100,000 − 24,000 − 38,000.
    await expect.poll(() => owner.getByTestId('cashup-expected').textContent()).toBe('88,000');
    await owner.getByText('This cash-up is saved and cannot change.', { exact: false }).waitFor();
    await owner.close();
    expect(errors).toEqual([]);
  });
});
