import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import { apiCall, launchBrowser, type RunningApp, signInThroughUi, startApp, stockItem } from './support.ts';

// The quick POS as a cashier uses it in Chromium: a laptop sale by keyboard alone with the total and
// Process Sale in view, a scanner's barcode + Enter, a parked cart recalled after a reload, and a phone sale with
// nothing wider than the screen.
let app: RunningApp;
let browser: Browser;
let token: string;
const errors: string[] = [];
const CEMENT_BARCODE = '6009876543210';
const TILES = Array.from({ length: 10 }, (_, i) => `Floor Tile ${String(i + 1).padStart(2, '0')}`);

/** Gives a product (found by its exact name) a barcode through the API, as the back office would. */
async function setBarcode(name: string, barcode: string) {
  const list = await apiCall(app.url, 'GET', `/productlist?search=${encodeURIComponent(name)}`, undefined, token);
  const product = list.body.data.find((p: { name: string }) => p.name === name);
  const res = await apiCall(
    app.url,
    'PUT',
    `/productupdate/${product.id}`,
    { name, category_id: product.category_id, barcode },
    token,
  );
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  token = (await apiCall(app.url, 'POST', '/login', DEMO_ADMIN)).body.data.token;
  await stockItem(app.url, token, 'Cement Bag', 38_000, 200);
  await stockItem(app.url, token, 'Iron Sheet', 45_000, 100);
  await stockItem(app.url, token, 'Roofing Nails', 7_500, 100);
  for (const tile of TILES) await stockItem(app.url, token, tile, 12_000, 50);
  await setBarcode('Cement Bag', CEMENT_BARCODE);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function cashierPage(viewport: { width: number; height: number }): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (err) => errors.push(err.message));
  await signInThroughUi(page, app.url, DEMO_CASHIER.email, DEMO_CASHIER.password);
  await page.waitForURL(`${app.url}/home`);
  return [context, page];
}

const saleOnServer = async (id: string) =>
  (await apiCall(app.url, 'GET', `/saleshow/${id}`, undefined, token)).body.data as {
    total_amount: number;
    items: { product_name?: string; quantity: number }[];
  };

/** Whether the whole element is inside the window, without scrolling the page. */
const isInView = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.height > 0;
  });

describe('the POS at 1366×768', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    [context, page] = await cashierPage({ width: 1366, height: 768 });
  });
  afterAll(() => context?.close());

  const search = () => page.getByRole('textbox', { name: 'Find item' });
  const total = () => page.getByTestId('pos-total');
  const processSale = () => page.getByRole('button', { name: 'Process Sale' });
  const expectTotalAndProcessSaleInView = async () => {
    expect(await isInView(total())).toBe(true);
    expect(await isInView(processSale())).toBe(true);
  };
  const openPos = async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'POS', exact: true }).click();
    await processSale().waitFor();
  };
  /** Empties the cart as a cashier does: Clear Cart, confirmed in its dialog. */
  const clearCart = async () => {
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear Cart' }).click();
    await page.getByText('Your cart is empty. Start shopping now!').waitFor();
  };

  it('sells three items by keyboard alone, the total and Process Sale in view throughout', async () => {
    await openPos();
    // Focus starts in the search box.
    await expect.poll(() => search().evaluate((el) => el === document.activeElement)).toBe(true);
    await expectTotalAndProcessSaleInView();

    // Cement: the results show name, brand, unit, price and stock; Enter adds one unit; + + makes it 3.
    await page.keyboard.type('cemnt');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByText('Cement Bag', { exact: true }).waitFor();
    const firstResult = await results.getByRole('listitem').first().textContent();
    expect(firstResult).toContain('Cement Bag brand · Cement Bag unit');
    expect(firstResult).toContain('UGX 38,000');
    expect(firstResult).toContain('200 in stock');
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /Cement Bag/ }).waitFor();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(() => page.getByLabel('Cement Bag quantity').inputValue()).toBe('3');
    await expectTotalAndProcessSaleInView();

    // Iron sheet by its brand; - takes the extra unit back off.
    await page.keyboard.type('iron sheet brand');
    await results.getByText('Iron Sheet', { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /Iron Sheet/ }).waitFor();
    await page.keyboard.press('+');
    await page.keyboard.press('-');
    expect(await page.getByLabel('Iron Sheet quantity').inputValue()).toBe('1');
    await expectTotalAndProcessSaleInView();

    await page.keyboard.type('roofing nails');
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /Roofing Nails/ }).waitFor();
    // 3 × 38,000 + 45,000 + 7,500
    await expect.poll(() => total().textContent()).toBe('Total: UGX 166,500');
    await expectTotalAndProcessSaleInView();

    await page.keyboard.press('F9');
    const dialog = page.getByRole('dialog', { name: 'Take payment' });
    await dialog.getByText('UGX 166,500').waitFor();
    // Esc goes back to the cart; Ctrl+Enter opens the payment step again.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor();
    // The payment step opens on the amount, holding the total: Enter sells for exactly that.
    const amount = dialog.getByRole('textbox', { name: 'Amount' });
    await expect.poll(() => amount.evaluate((el) => el === document.activeElement)).toBe(true);
    // Plain digits while it has the focus, so what is typed over them never moves the caret.
    expect(await amount.inputValue()).toBe('166500');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/salesreceipt\/\d+$/);
    const sale = await saleOnServer(page.url().split('/').pop() as string);
    expect(sale.total_amount).toBe(166_500);
    expect(sale.items.map((i) => Number(i.quantity)).sort()).toEqual([1, 1, 3]);
  });

  it('adds the item of a scanned barcode at once, and says so for an unknown code without losing the cart', async () => {
    await openPos();
    await search().click();
    // A scanner types fast and ends with Enter, before any result shows.
    await page.keyboard.type(CEMENT_BARCODE, { delay: 5 });
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /Cement Bag/ }).waitFor();
    expect(await search().inputValue()).toBe('');

    await page.keyboard.type('4006381333931', { delay: 5 });
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .getByText('Unknown barcode 4006381333931: no item in stock has it.', { exact: false })
      .waitFor();
    expect(await page.getByRole('row', { name: /Cement Bag/ }).count()).toBe(1);
    expect(await page.getByLabel('Cement Bag quantity').inputValue()).toBe('1');

    // Scanned again: the same line grows.
    await page.keyboard.type(CEMENT_BARCODE, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Cement Bag quantity').inputValue()).toBe('2');
    await clearCart();
  });

  it('keeps 10 lines in a cart that scrolls inside itself, the total the largest text, nothing scrolling the page', async () => {
    await openPos();
    await search().click();
    for (const tile of TILES) {
      await page.keyboard.type(tile);
      await page.keyboard.press('Enter');
      await page.getByRole('row', { name: new RegExp(tile) }).waitFor();
    }
    await expectTotalAndProcessSaleInView();
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    // The cart's own box scrolls (its viewport, inside the region).
    const cart = page.getByRole('region', { name: 'Cart' });
    const scrollsInside = await cart.evaluate((region) =>
      [region, ...region.querySelectorAll<HTMLElement>('*')].some(
        (el) => el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(el).overflowY),
      ),
    );
    expect(scrollsInside).toBe(true);
    // The total's text is larger than any other text on the screen.
    const sizes = await page.evaluate(() => {
      const totalEl = document.querySelector('[data-testid="pos-total"]') as HTMLElement;
      let largestOther = 0;
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        if (!hasText || el === totalEl || el.getClientRects().length === 0) continue;
        largestOther = Math.max(largestOther, Number.parseFloat(getComputedStyle(el).fontSize));
      }
      return { total: Number.parseFloat(getComputedStyle(totalEl).fontSize), largestOther };
    });
    expect(sizes.total).toBeGreaterThan(sizes.largestOther);
    await clearCart();
  });

  it('parks a cart with its customer, serves another, and recalls the first after a reload', async () => {
    await openPos();
    await search().click();
    await page.keyboard.type('iron sheet');
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /Iron Sheet/ }).waitFor();
    const name = page.getByLabel('Customer Name');
    await name.click();
    await page.keyboard.press('End');
    for (const _ of await name.inputValue()) await page.keyboard.press('Backspace');
    await page.keyboard.type('Nakato Builders');

    await page.getByRole('button', { name: 'Park cart' }).click();
    await page.getByText('Your cart is empty. Start shopping now!').waitFor();
    expect(await name.inputValue()).toBe('Anonymous');

    // The next customer.
    await search().click();
    await page.keyboard.type('roofing nails');
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: /Roofing Nails/ }).waitFor();

    await page.reload();
    await page.getByRole('row', { name: /Roofing Nails/ }).waitFor();
    await page.getByRole('button', { name: 'Parked carts (1)' }).click();
    await page.getByRole('menuitem', { name: /Nakato Builders/ }).click();
    await page.getByRole('row', { name: /Iron Sheet/ }).waitFor();
    expect(await page.getByRole('row', { name: /Roofing Nails/ }).count()).toBe(0);
    expect(await name.inputValue()).toBe('Nakato Builders');
    // The cart that was in hand is parked in its turn, and survives a reload too.
    await page.reload();
    await page.getByRole('row', { name: /Iron Sheet/ }).waitFor();
    await page.getByRole('button', { name: 'Parked carts (1)' }).click();
    await page.getByRole('menuitem', { name: /Anonymous/ }).waitFor();
    await page.keyboard.press('Escape');

    await processSale().click();
    await page.waitForURL(/\/salesreceipt\/\d+$/);
    const sale = await saleOnServer(page.url().split('/').pop() as string);
    expect(sale).toMatchObject({ customer_name: 'Nakato Builders', total_amount: 45_000 });
    expect(errors).toEqual([]);
  });
});

describe('the POS on a 390×844 phone', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    [context, page] = await cashierPage({ width: 390, height: 844 });
  });
  afterAll(() => context?.close());

  /** The elements reaching past the screen's right edge or wider than it, and the page's own width. */
  const widest = () =>
    page.evaluate(() => {
      const wide: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        const r = el.getBoundingClientRect();
        // Past the right edge is what scrolls sideways; the closed menu waits off the left edge by design.
        if (r.width > window.innerWidth + 1 || r.right > window.innerWidth + 1) {
          wide.push(`${el.tagName}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)}`);
        }
      }
      return { wide, scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth };
    });

  it('sells from search to receipt with the menu closed and nothing wider than the screen', async () => {
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    // Collapsed, the menu sits off the screen's left edge.
    expect(await isInView(menu)).toBe(false);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(() => isInView(menu)).toBe(true);
    await menu.getByRole('link', { name: 'POS', exact: true }).click();
    await page.getByRole('button', { name: 'Process Sale' }).waitFor();
    // The menu closes after navigation.
    await expect.poll(() => isInView(menu)).toBe(false);

    await page.getByRole('textbox', { name: 'Find item' }).click();
    await page.keyboard.type('cement');
    await page.getByRole('list', { name: 'Search results' }).getByText('Cement Bag', { exact: true }).click();
    await page.getByRole('row', { name: /Cement Bag/ }).waitFor();
    await page.getByRole('textbox', { name: 'Find item' }).click();
    await page.keyboard.type('iron');
    await page.keyboard.press('Enter');
    const row = page.getByRole('row', { name: /Iron Sheet/ });
    await row.waitFor();
    // Product, quantity and total on the line, once the cashier scrolls down to it.
    await row.scrollIntoViewIfNeeded();
    expect(await isInView(row.getByText('Iron Sheet', { exact: true }))).toBe(true);
    expect(await isInView(page.getByLabel('Iron Sheet quantity'))).toBe(true);
    // The unit price column is hidden on a phone: the one cell showing 45,000 is the line total.
    expect(await isInView(row.getByRole('cell', { name: '45,000', exact: true }))).toBe(true);
    expect(await widest()).toEqual({ wide: [], scrollWidth: 390, width: 390 });

    await page.getByRole('button', { name: 'Process Sale' }).click();
    await page.waitForURL(/\/salesreceipt\/\d+$/);
    await page.getByText('Cement Bag', { exact: false }).first().waitFor();
    expect((await widest()).scrollWidth).toBe(390);
    const sale = await saleOnServer(page.url().split('/').pop() as string);
    expect(sale.total_amount).toBe(83_000);
    expect(errors).toEqual([]);
  });
});
