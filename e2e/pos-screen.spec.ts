import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  collectErrors,
  mainMenu,
  menuLink,
  type RunningApp,
  signedInPage,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// The POS screen in Chromium as a cashier meets it: choosing a batch by hand with the connection down, every button's
// label whole from a 1280 px laptop to a 1920 px screen and on a phone, Process Sale at hand on a phone, a refused
// discount that says why, and a read-only price that looks read-only.
let app: RunningApp;
let browser: Browser;
let admin: string;
const errors: string[] = [];

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  await stockItem(app.url, admin, 'Cement Bag', 38_000, 50);
  await stockItem(app.url, admin, 'Iron Sheet', 45_000, 30);
  for (let i = 1; i <= 8; i++) await stockItem(app.url, admin, `Floor Tile ${i}`, 12_000, 20);
});
afterAll(() => stopAll(app, browser));

const cashierPage = (viewport: { width: number; height: number }) =>
  signedInPage(browser, app.url, DEMO_CASHIER, { viewport, prepare: collectErrors(errors) });

async function openPos(page: Page) {
  await menuLink(page, 'POS').click();
  await page.getByRole('button', { name: 'Process Sale' }).waitFor();
}

/** One unit of each item through the search box, as a cashier types it. */
async function addBySearch(page: Page, names: string[]) {
  const search = page.getByRole('textbox', { name: 'Find item' });
  for (const name of names) {
    await search.click();
    await page.keyboard.type(name);
    await page.getByRole('list', { name: 'Search results' }).getByText(name, { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: new RegExp(name) }).waitFor();
  }
}

const salesCount = async () => (await apiCall(app.url, 'GET', '/saleslist', undefined, admin)).body.total as number;

describe('choosing a batch by hand offline', () => {
  it('finds the product, its batch, brand, unit and price in the local copy and sells it', async () => {
    const page = await cashierPage({ width: 1366, height: 768 });
    await openPos(page);
    // The local copy has been taken; then the connection goes.
    await page.getByTestId('local-copy-age').waitFor({ timeout: 15_000 });
    await page.context().setOffline(true);
    await page.getByRole('status', { name: 'Connection: Offline' }).waitFor();

    const product = page.getByRole('textbox', { name: 'Product' });
    await product.click();
    await page.keyboard.type('iron');
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Iron Sheet']);
    await page.getByRole('option', { name: 'Iron Sheet' }).click();
    // The batch with stock, its brand and unit are chosen by themselves, and the copy's price shows.
    await expect.poll(() => page.getByRole('textbox', { name: 'Batch Number' }).inputValue()).toMatch(/30 left/);
    await expect.poll(() => page.getByRole('textbox', { name: 'Brand' }).inputValue()).toBe('Iron Sheet brand');
    await expect.poll(() => page.getByRole('textbox', { name: 'Measurement' }).inputValue()).toBe('Iron Sheet unit');
    await expect.poll(() => page.getByLabel('Sale Price (UGX)').inputValue()).toBe('45,000');
    await page.getByLabel(/^Quantity/).click();
    await page.keyboard.press('Backspace');
    await page.keyboard.type('2');
    await page.getByRole('button', { name: 'Add Cart' }).click();
    await page
      .getByRole('row', { name: /Iron Sheet/ })
      .getByText('90,000')
      .waitFor();

    await page.getByRole('radio', { name: 'Stay on POS' }).check();
    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.getByText('the sale is kept on this computer').waitFor();
    await page.getByRole('status', { name: 'Connection: Offline · 1 sale waiting' }).waitFor();

    const before = await salesCount();
    await page.context().setOffline(false);
    await page.getByRole('status', { name: 'Connection: Online' }).waitFor({ timeout: 30_000 });
    expect(await salesCount()).toBe(before + 1);
    await page.close();
    expect(errors).toEqual([]);
  });
});

/** The buttons on the page whose label is cut (its text wider than its box), with the width of each. */
const cutLabels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Button-label')]
      .filter((label) => label.getClientRects().length > 0 && label.scrollWidth > label.clientWidth)
      .map((label) => `${label.textContent} (${label.clientWidth} of ${label.scrollWidth} px)`),
  );

/** Whether the whole element is inside the window, and nothing covers its middle. */
const isOnScreen = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return inside && r.height > 0 && Boolean(hit && el.contains(hit));
  });

describe('the POS layout', () => {
  it('shows every button label whole from 1024 to 1920 px wide and on a 390 px phone', async () => {
    const page = await cashierPage({ width: 1366, height: 768 });
    await openPos(page);
    await addBySearch(page, ['Cement Bag']);
    for (const width of [1024, 1280, 1366, 1440, 1600, 1920, 390]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      // Once the layout has settled at the new width (the menu slides, the grid reflows).
      await expect.poll(async () => ({ width, cut: await cutLabels(page) })).toEqual({ width, cut: [] });
    }
    await page.close();
  });

  it("builds a phone's menu when it is opened, not with every page", async () => {
    const page = await cashierPage({ width: 390, height: 844 });
    const menuChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/menu-[^/]*\.js$/.test(request.url())) menuChunks.push(request.url());
    });
    await page.getByRole('button', { name: 'Toggle menu' }).waitFor();
    // Built with the page, the menu came once the browser was idle: at the latest a second after the page showed.
    await page.waitForTimeout(2_000);
    expect(menuChunks).toEqual([]);
    expect(await mainMenu(page).getByRole('link').count()).toBe(0);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await menuLink(page, 'POS').waitFor();
    expect(menuChunks).toHaveLength(1);
    await page.close();
  });

  it("asks for the dialogs' code and the local copy once the till has painted, not while its code is coming", async () => {
    // No service worker: it would answer the till's code from its copy, out of the test's reach.
    const page = await signedInPage(browser, app.url, DEMO_CASHIER, {
      viewport: { width: 1366, height: 768 },
      serviceWorkers: 'block',
    });
    const waitingWork: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/assets\/Overlays-[^/]*\.js$/.test(pathname)) waitingWork.push('dialogs');
      if (pathname === '/api/possnapshot') waitingWork.push('local copy');
    });
    let releaseTill = () => {};
    const tillReleased = new Promise<void>((resolve) => {
      releaseTill = resolve;
    });
    await page.route(/\/assets\/till-[^/]*\.js$/, async (route) => {
      await tillReleased;
      await route.continue();
    });
    await page.goto(`${app.url}/salespos`);
    // The frame has painted around the till's place; asked then, they shared the till's network.
    await page.getByRole('button', { name: 'Toggle menu' }).waitFor();
    await page.waitForTimeout(1_500);
    expect(waitingWork).toEqual([]);
    releaseTill();
    await page.getByRole('textbox', { name: 'Find item' }).waitFor();
    await expect.poll(() => waitingWork.sort()).toEqual(['dialogs', 'local copy']);
    await page.close();
  });

  it('keeps the total and Process Sale on a phone screen from the top of the page to the bottom', async () => {
    const page = await cashierPage({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await openPos(page);
    await addBySearch(page, ['Cement Bag', 'Iron Sheet', 'Floor Tile 1', 'Floor Tile 2', 'Floor Tile 3']);
    const processSale = page.getByRole('button', { name: 'Process Sale' });
    const total = page.getByTestId('pos-total');
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await isOnScreen(processSale)).toBe(true);
    expect(await total.textContent()).toBe('Total: UGX 119,000');
    expect(await isOnScreen(total)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await isOnScreen(processSale)).toBe(true);
    expect(await isOnScreen(total)).toBe(true);
    // The last field of the side panel is not hidden under the bar once scrolled to.
    const afterSave = page.getByRole('radio', { name: 'Stay on POS' });
    await afterSave.scrollIntoViewIfNeeded();
    expect(await isOnScreen(afterSave)).toBe(true);
    await afterSave.check();

    const before = await salesCount();
    await processSale.click();
    await page.getByText('Sale processed successfully!').waitFor();
    expect(await salesCount()).toBe(before + 1);
    await page.close();
  });
});

describe('the POS fields', () => {
  it('says why a discount over 100 % is refused and sells nothing with it until corrected', async () => {
    const page = await cashierPage({ width: 1366, height: 768 });
    await openPos(page);
    await addBySearch(page, ['Cement Bag']);
    const discount = page.getByLabel('Discount (%)');
    await discount.click();
    await page.keyboard.type('150');
    await page.getByText('Discount is at most 100 %').waitFor();
    // What was typed stays, to be corrected; nothing can be sold with it.
    expect(await discount.inputValue()).toBe('150');
    expect(await page.getByRole('button', { name: 'Process Sale' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Take payment (F9)' }).isDisabled()).toBe(true);

    await discount.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.getByText('Discount is at most 100 %').count()).toBe(0);
    // 15 % off 38,000.
    await expect.poll(() => page.getByTestId('pos-total').textContent()).toBe('Total: UGX 32,300');
    expect(await page.getByRole('button', { name: 'Process Sale' }).isDisabled()).toBe(false);
    await page.close();
  });

  it('shows the sale price, which the batch sets, as read-only: filled and without a border, unlike the quantity', async () => {
    const page = await cashierPage({ width: 1366, height: 768 });
    await openPos(page);
    const product = page.getByRole('textbox', { name: 'Product' });
    await product.click();
    await page.keyboard.type('cement');
    await page.getByRole('option', { name: 'Cement Bag' }).click();
    const price = page.getByLabel('Sale Price (UGX)');
    await expect.poll(() => price.inputValue()).toBe('38,000');
    expect(await price.evaluate((el) => (el as HTMLInputElement).readOnly)).toBe(true);
    const look = (field: Locator) =>
      field.evaluate((el) => {
        const style = getComputedStyle(el);
        const border = style.borderTopColor;
        const hasBorder =
          Number.parseFloat(style.borderTopWidth) > 0 &&
          border !== 'rgba(0, 0, 0, 0)' &&
          border !== style.backgroundColor;
        return { background: style.backgroundColor, hasBorder };
      });
    const [priceLook, quantityLook] = [await look(price), await look(page.getByLabel(/^Quantity/))];
    expect(priceLook.background).not.toBe(quantityLook.background);
    expect(priceLook.hasBorder).toBe(false);
    expect(quantityLook.hasBorder).toBe(true);
    await page.close();
  });
});
