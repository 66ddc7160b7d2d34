import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  collectErrors,
  holdBack,
  menuLink,
  type RunningApp,
  saleThroughApi,
  saveBusinessInfo,
  signedInPage,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// Printing at the till in Chromium: a receipt chosen as the After Save Action prints from its own page as soon as the
// sale is made (no pop-up for a blocker to stop), and the sale, return and offline receipts come out on 80 mm paper,
// read from the PDF Chromium prints; the offline receipt carries the shop's header and thanks as the online one.
let app: RunningApp;
let browser: Browser;
let admin: string;
let cement: { id: number; batch_number: string };
let page: Page;
const errors: string[] = [];
/** Windows the page opened (a print pop-up would be one). */
const popups: string[] = [];

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  cement = await stockItem(app.url, admin, 'Cement Bag', 38_000, 100);
  await saveBusinessInfo(app.url, admin);
  page = await signedInPage(browser, app.url, DEMO_CASHIER, {
    viewport: { width: 1366, height: 768 },
    prepare: collectErrors(errors),
  });
  page.context().on('page', (opened) => popups.push(opened.url()));
  // Headless Chromium has no print dialog: the calls are counted instead, in this document and any loaded later.
  const countPrints = () => {
    const counted = window as unknown as { printCalls: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls += 1;
    };
  };
  await page.addInitScript(countPrints);
  await page.evaluate(countPrints);
});
afterAll(() => stopAll(app, browser));

const printCalls = () => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls);

/** The pages of the PDF Chromium prints of the page, each as its width and height in millimetres. */
async function printedPages() {
  const raw = await page.pdf({ preferCSSPageSize: true });
  if (process.env.KEEP_PDF) (await import('node:fs')).writeFileSync(`/tmp/receipt-${Date.now()}.pdf`, raw);
  const pdf = raw.toString('latin1');
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s*\]/g)];
  const mm = (points: number) => Math.round(((points * 25.4) / 72) * 10) / 10;
  return boxes.map(([, x0, y0, x1, y1]) => ({
    width: mm(Number(x1) - Number(x0)),
    height: mm(Number(y1) - Number(y0)),
  }));
}

/** One page, 80 mm wide (the roll), long enough for the receipt and no longer than a long receipt needs. */
async function expectOneRollPage() {
  const pages = await printedPages();
  expect(pages).toHaveLength(1);
  // Chromium gives the page whole points: 80 mm is 226.8 pt, printed as 227.
  expect(pages[0]?.width).toBeCloseTo(80, 0);
  expect(pages[0]?.height).toBeGreaterThan(80);
  expect(pages[0]?.height).toBeLessThan(400);
}

async function sellOneBag() {
  await menuLink(page, 'POS').click();
  const search = page.getByRole('textbox', { name: 'Find item' });
  await search.click();
  await page.keyboard.type('cement');
  await page.getByRole('list', { name: 'Search results' }).getByText('Cement Bag', { exact: true }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('row', { name: /Cement Bag/ }).waitFor();
  await page.getByRole('radio', { name: 'Print receipt' }).check();
  await page.getByRole('button', { name: 'Process Sale' }).click();
}

describe('printing receipts', () => {
  it('prints the receipt from its own page straight after the sale, with no window opened', async () => {
    await sellOneBag();
    await page.waitForURL(/\/salesreceipt\/\d+$/);
    await page.getByTestId('receipt-number').waitFor();
    await expect.poll(printCalls).toBe(1);
    // Print on the receipt prints this page again; nothing is opened for a blocker to stop.
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(printCalls).toBe(2);
    expect(popups).toEqual([]);
    // Reloaded, the receipt shows without printing again.
    await page.reload();
    await page.getByTestId('receipt-number').waitFor();
    await page.waitForTimeout(1000);
    expect(await printCalls()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('goes to the screen the cashier opens while the printed receipt is still loading, and does not print it', async () => {
    // The receipt's sale is held back until the cashier has clicked POS, then answers while the slow laptop (CPU at
    // a twentieth) is still drawing the POS: the receipt must not take the address back to itself, nor print.
    const saleHeld = await holdBack(page, '**/api/saleshow/*');
    const cdp = await page.context().newCDPSession(page);
    try {
      await sellOneBag();
      await page.waitForURL(/\/salesreceipt\/\d+$/);
      const printsBefore = await printCalls();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
      await menuLink(page, 'POS').click();
      saleHeld.release();
      await page.getByRole('button', { name: 'Process Sale' }).waitFor({ timeout: 30_000 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.waitForTimeout(1000);
      expect(new URL(page.url()).pathname).toBe('/salespos');
      expect(await printCalls()).toBe(printsBefore);
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      await saleHeld.end();
    }
  });

  it('prints the sale receipt on one 80 mm page, shown only once the shop’s details have come', async () => {
    // The shop's details answer after the sale: the receipt waits for them, so it never shows (nor prints) without
    // its header, nor grows under the reader once they come.
    const businessHeld = await holdBack(page, '**/api/getbusinessinfosettings');
    try {
      const saleId = await saleThroughApi(app.url, admin, [[cement, 3]]);
      const saleShown = page.waitForResponse(`**/api/saleshow/${saleId}`);
      await page.goto(`${app.url}/salesreceipt/${saleId}`);
      await saleShown;
      await page.waitForTimeout(500);
      expect(await page.getByText('THANK YOU FOR YOUR PURCHASE!').count()).toBe(0);
      businessHeld.release();
      await page.getByText('THANK YOU FOR YOUR PURCHASE!').waitFor();
      expect(await page.getByText('Mukwano Hardware').count()).toBeGreaterThan(0);
      await expectOneRollPage();
    } finally {
      await businessHeld.end();
    }
  });

  it('prints the return receipt on one 80 mm page', async () => {
    const saleId = await saleThroughApi(app.url, admin, [[cement, 2]]);
    const line = (await apiCall(app.url, 'GET', `/saleshow/${saleId}`, undefined, admin)).body.data.items[0];
    const back = await apiCall(
      app.url,
      'POST',
      `/salesreturnstore/${saleId}`,
      { items: [{ sale_item_id: line.id, quantity: 1 }], reason: 'Bag torn', refund_method: 'CASH' },
      admin,
    );
    expect(back.status).toBe(200);
    await page.goto(`${app.url}/salesreturnreceipt/${back.body.data.id}`);
    await page.getByTestId('return-receipt').waitFor();
    await expectOneRollPage();
  });

  it('prints an offline sale’s receipt at once, on 80 mm, with the shop’s header and thanks', async () => {
    await menuLink(page, 'POS').click();
    await page.getByTestId('local-copy-age').waitFor({ timeout: 15_000 });
    await page.context().setOffline(true);
    await page.getByRole('status', { name: 'Connection: Offline' }).waitFor();
    await sellOneBag();
    await page.waitForURL(/\/salesofflinereceipt\//);
    await page.getByTestId('not-yet-sent').waitFor();
    await expect.poll(printCalls).toBe(1);
    const receipt = await page.locator('.receipt').textContent();
    for (const line of [
      'Mukwano Hardware',
      'Plot 12, Ben Kiwanuka Street, Kampala',
      'Tel: 0772123123',
      'hello@mukwano.test',
      'TIN: 1001234567',
      'THANK YOU FOR YOUR PURCHASE!',
      'Goods once sold are not returnable.',
    ]) {
      expect(receipt).toContain(line);
    }
    await expectOneRollPage();
    expect(popups).toEqual([]);
    await page.context().setOffline(false);
    await page.getByRole('status', { name: 'Connection: Online' }).waitFor({ timeout: 30_000 });
  });
});
