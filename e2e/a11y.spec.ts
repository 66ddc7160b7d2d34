import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../apps/server/src/db/seed/demo.ts';
import { type RunningApp, saleThroughApi, signInThroughUi, startShop, stockItem, stopAll } from './support.ts';

// Accessibility: axe-core, with the WCAG 2 A and AA rules, finds no serious or critical violation on the
// sign-in page, the dashboard, the POS, a list, a form and a receipt. Lesser findings (best practices, moderate
// issues) are not this test's bar.
let app: RunningApp;
let browser: Browser;
let page: Page;
let receiptId: number;

beforeAll(async () => {
  let token: string;
  ({ app, browser, admin: token } = await startShop());
  const batch = await stockItem(app.url, token, 'Axe Cement', 38_000, 20);
  receiptId = await saleThroughApi(app.url, token, [[batch, 2]]);
});
afterAll(() => stopAll(app, browser));

/** A fresh page in its own context (axe-core injects its script through the context), a phone's when asked. */
async function openPage(viewport?: { width: number; height: number }) {
  await page?.context().close();
  page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  page.setDefaultTimeout(10_000);
}

const PHONE = { width: 390, height: 844 };

/** The serious and critical WCAG 2 A/AA violations on the page as it is now: rule id, impact and the elements. */
async function seriousViolations(): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary}`).join(' | ')}`,
    );
}

/** Waits for the screen's page heading (every screen has one h1) and for what shows that its data has arrived. */
async function ready(heading: string | RegExp, loaded?: () => Promise<unknown>) {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await loaded?.();
  // Mantine's transitions (a menu, a fading alert) end before the colours are measured.
  await page.waitForTimeout(400);
}

describe('axe-core on the main screens', () => {
  it('finds no serious violation on the sign-in page', async () => {
    await openPage();
    await page.goto(`${app.url}/`);
    await ready(/login|sign in/i, () => page.getByRole('button', { name: 'Login' }).waitFor());
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no serious violation on the dashboard', async () => {
    await openPage();
    await signInThroughUi(page, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${app.url}/home`);
    await page.goto(`${app.url}/dashboard`);
    await ready('Dashboard', () => page.getByTestId('dashboard-period').waitFor());
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no serious violation on the POS, with a line in the cart and search results open', async () => {
    await page.goto(`${app.url}/salespos`);
    await ready('New Sale', () => page.getByRole('button', { name: 'Process Sale' }).waitFor());
    const search = page.getByRole('textbox', { name: 'Find item' });
    const results = page.getByRole('list', { name: 'Search results' });
    await search.click();
    await page.keyboard.type('Axe Cement');
    await results.getByText('Axe Cement').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /Axe Cement/ }).waitFor();
    await page.keyboard.type('Axe');
    await results.getByText('Axe Cement').first().waitFor();
    await page.waitForTimeout(400);
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no serious violation on a list', async () => {
    await page.goto(`${app.url}/productlist`);
    await ready('Products', () => page.getByRole('cell', { name: 'Axe Cement', exact: true }).waitFor());
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no serious violation on a form', async () => {
    await page.goto(`${app.url}/productcreate`);
    await ready(/product/i, () => page.getByRole('button', { name: 'Save' }).waitFor());
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no serious violation on a form showing what is missing, its messages in red', async () => {
    await page.goto(`${app.url}/productcreate`);
    await ready(/product/i, () => page.getByRole('button', { name: 'Save' }).waitFor());
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name is required.').first().waitFor();
    await page.waitForTimeout(400);
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no serious violation on a receipt', async () => {
    await page.goto(`${app.url}/salesreceipt/${receiptId}`);
    await ready(/receipt/i, () => page.getByText('Axe Cement').first().waitFor());
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('axe-core on the badges, the file inputs and a phone', () => {
  it('finds no serious violation on the stock levels, with their In Stock badge', async () => {
    await openPage();
    await signInThroughUi(page, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${app.url}/home`);
    await page.goto(`${app.url}/stocklevel`);
    await ready('Stock Levels', () => page.getByText('In Stock', { exact: true }).first().waitFor());
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no serious violation on the users list, with its Unlocked badge', async () => {
    await page.goto(`${app.url}/userlist`);
    await ready('Users', () => page.getByText('Unlocked', { exact: true }).first().waitFor());
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no serious violation on the backups screen, with its empty file input', async () => {
    await page.goto(`${app.url}/backupsettings`);
    await ready(/backup/i, () => page.getByText('Choose a .dukabackup file').waitFor());
    expect(await seriousViolations()).toEqual([]);
  });

  it('finds no serious violation on the appearance settings, with their image file inputs', async () => {
    await page.goto(`${app.url}/appearancesettings`);
    await ready(/appearance/i, () => page.getByText('PNG or JPG, at most 2 MB').first().waitFor());
    expect(await seriousViolations()).toEqual([]);
  });

  it('on a 390×844 phone, a report table is no violation and its scroll is reached and moved by the keyboard', async () => {
    await openPage(PHONE);
    await signInThroughUi(page, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${app.url}/home`);
    await page.goto(`${app.url}/reportstockbalancelist`);
    await ready('Stock Balance Report', () => page.getByRole('cell', { name: 'Axe Cement' }).first().waitFor());
    expect(await seriousViolations()).toEqual([]);

    // A keyboard user tabs to the table's scrolling region and moves it sideways with the arrow keys.
    const region = page.getByRole('region', { name: /Stock Balance Report/ });
    await expect.poll(() => region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    let reached = false;
    for (let press = 0; press < 60 && !reached; press++) {
      await page.keyboard.press('Tab');
      reached = await region.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });
});

describe('the top bar on a 390 px phone', () => {
  beforeAll(async () => {
    await openPage(PHONE);
    await signInThroughUi(page, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${app.url}/home`);
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/stocklist', 'Stock'],
    ['/reportstockbalancelist', 'Stock Balance Report'],
  ])('on %s keeps the Online badge and the user name inside it, off the breadcrumb', async (path, title) => {
    await page.goto(`${app.url}${path}`);
    await ready(title);
    const online = await page.getByRole('status', { name: 'Connection: Online' }).boundingBox();
    const user = await page.getByRole('button', { name: /user menu/ }).boundingBox();
    const crumbs = await page.locator('.mantine-Breadcrumbs-root').boundingBox();
    const header = await page.locator('header').boundingBox();
    expect(online && user && crumbs && header).toBeTruthy();
    for (const box of [online!, user!]) {
      // Inside the top bar, on screen, and above the breadcrumb.
      expect(box.y + box.height).toBeLessThanOrEqual(header!.y + header!.height);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.y + box.height).toBeLessThanOrEqual(crumbs!.y);
    }
    // The two do not cover each other either.
    expect(online!.x + online!.width <= user!.x || user!.x + user!.width <= online!.x).toBe(true);
  });
});
