import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  openFromMenu,
  type RunningApp,
  shopDayLasting,
  signedInPage,
  signInThroughUi,
  startShop,
  stopAll,
} from './support.ts';

// The date fields in Chromium, used as a person does: a week picked in the weekly report (week numbers shown, Monday
// first), a month in the monthly report (a future month cannot be picked), a custom range in the consolidated report
// and a stock-list period typed into Start and End Date; each screen's figures then equal what the API answers for
// the same period. Then what a person meets on the way: a date pasted in another form, a date that cannot be read, an
// end before the start, the calendars opened, moved through and closed by keyboard, axe-core on the open calendars,
// and the calendars on a phone.
let app: RunningApp;
let browser: Browser;
let token: string;
let page: Page;

const DAY = 86_400_000;
// The data and the pickers' "today" must fall on one shop day; the file runs well within ten minutes.
const today = await shopDayLasting(10);
const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
const mondayOf = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
};
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** The ISO week number of the week holding `day`, worked out here from its Thursday. */
const isoWeek = (day: string) => {
  const thursday = Date.parse(`${plusDays(mondayOf(day), 3)}T00:00:00Z`);
  return 1 + Math.floor((thursday - Date.UTC(new Date(thursday).getUTCFullYear(), 0, 1)) / DAY / 7);
};
/** "23 November 2026", as the calendar names a day. */
const spoken = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
/** "November 2026", as the calendar's header shows a month. */
const monthTitle = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day.slice(0, 7)}-01T00:00:00Z`),
  );

// Sales: two bags today, three six days ago (recorded as a till's offline sale, the one way to date a sale in the
// past through the API), so a week, a month and a range each hold a known part of them.
const PRICE = 36_000;
const SIX_DAYS_AGO = daysAgo(6);

async function post(path: string, body: Record<string, unknown>) {
  const res = await apiCall(app.url, 'POST', path, { environment: 'PRODUCTION', ...body }, token);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const get = async (path: string) => (await apiCall(app.url, 'GET', path, undefined, token)).body;

/** A batch of a new product received on `stockDate`. */
async function receive(name: string, stockDate: string) {
  const category = await post('/categorystore', { name: `${name} category` });
  const product = await post('/productstore', { name, category_id: category.id });
  const [brand] = await post('/brandstore', { name: `${name} brand`, product_ids: [product.id] });
  const measurement = await post('/measurementstore', { name: `${name} unit` });
  const supplier = await post('/supplierstore', {
    name: `${name} supplier`,
    phone_number: '0772000222',
    email: 'orders@supplier.test',
    tin: '1000777777',
    country: 'Uganda',
    address: 'Nakivubo Road, Kampala',
  });
  return post('/stockstore', {
    product_id: product.id,
    brand_id: brand.id,
    measurement_id: measurement.id,
    supplier_id: supplier.id,
    quantity: 100,
    unit_price: 30_000,
    sale_price: PRICE,
    min_stock_level: 1,
    stock_date: stockDate,
  });
}

const sell = (batch: { batch_number: string }, quantity: number, offline?: { made_at: string }) =>
  post('/salesstore', {
    customerName: 'Okello Builders',
    customerPhone: '0772123456',
    items: [{ batchNumber: batch.batch_number, quantity }],
    discount: 0,
    paymentMethod: 'CASH',
    idempotencyKey: randomUUID(),
    ...(offline && { offline: true, made_at: offline.made_at }),
  });

beforeAll(async () => {
  ({ app, browser, admin: token } = await startShop());
  const cement = await receive('Picker Cement', daysAgo(40));
  await receive('Picker Nails', daysAgo(10));
  await receive('Picker Sand', daysAgo(3));
  await sell(cement, 2);
  await sell(cement, 3, { made_at: new Date(Date.now() - 6 * DAY).toISOString() });
  page = await signedInPage(browser, app.url);
});
afterAll(() => stopAll(app, browser));

const textbox = (label: string) => page.getByRole('textbox', { name: label, exact: true });
/** Clicks a field, clears it as a person does (End, then Backspace once per character) and types `text`. */
async function typeInto(label: string, text: string) {
  const field = textbox(label);
  await field.click();
  await page.keyboard.press('End');
  for (let i = (await field.inputValue()).length; i > 0; i--) await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}
/** Opens the calendar of the field labelled `label` with its button; answers the calendar. */
async function openCalendar(label: string) {
  const name = `Choose ${label.toLowerCase()}`;
  await page.getByRole('button', { name, exact: true }).click();
  const calendar = page.getByRole('dialog', { name });
  // The calendar's code comes the first time one is opened.
  await calendar.getByRole('table').waitFor();
  return calendar;
}
/** The first day of the month `months` away from `day`'s. */
const monthAway = (day: string, months: number) => {
  const first = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() + months);
  return first.toISOString().slice(0, 10);
};
/**
 * Pages `calendar` to `day`'s month, back or forward: a calendar opens at its value's month, its first allowed day's
 * or today's, so an end date early in this month is after the month the end's calendar opens at (the start's).
 */
async function showMonth(calendar: Locator, day: string) {
  const header = (months: number) =>
    calendar.getByRole('button', { name: monthTitle(monthAway(day, months)), exact: true });
  for (let i = 0; i < 3 && !(await header(0).isVisible()); i++) {
    const showsEarlier =
      (await header(-1).isVisible()) || (await header(-2).isVisible()) || (await header(-3).isVisible());
    await calendar.getByRole('button', { name: showsEarlier ? 'Next month' : 'Previous month' }).click();
  }
  await header(0).waitFor();
}
const openFilter = () => page.getByRole('button', { name: 'Filter' }).click();
const submit = () => page.getByRole('button', { name: 'Submit' }).click();
const card = async (label: string) =>
  ((await page.getByRole('group', { name: label }).textContent()) ?? '').replace(label, '').trim();
const expectCard = (label: string, expected: string) =>
  expect.poll(() => card(label), { timeout: 10_000 }).toBe(expected);
const money = (n: number) => n.toLocaleString('en-US');

describe('the reports’ period pickers', () => {
  it('closes with Escape after paging to the last year it allows, whose control is then disabled', async () => {
    await openFromMenu(page, app.url, 'Monthly Sales Report', '/reportmonthlysaleslist');
    await openFilter();
    const calendar = await openCalendar('Month');
    await calendar.getByRole('button', { name: 'Previous year' }).click();
    const next = calendar.getByRole('button', { name: 'Next year' });
    await next.click();
    await calendar.getByRole('button', { name: monthTitle(today), exact: true }).waitFor();
    // This year is the last that holds a month that may be picked: the control just pressed is disabled.
    expect(await next.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    // The filter stays: the Escape was the calendar's.
    await page.getByRole('button', { name: 'Submit' }).waitFor();
  });

  it('weekly: a week picked in a calendar of numbered weeks starting on Monday, its figures the API’s', async () => {
    await openFromMenu(page, app.url, 'Weekly Sales Report', '/reportweeklysaleslist');
    await openFilter();
    const calendar = await openCalendar('Week');
    await showMonth(calendar, SIX_DAYS_AGO);
    const headers = await calendar.getByRole('columnheader').allInnerTexts();
    expect(headers).toEqual(['#', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    // The row holding the day starts with its ISO week number, then its Monday (when the Monday is in this month).
    const week = isoWeek(SIX_DAYS_AGO);
    const dayName = { name: `Week ${week}, ${spoken(SIX_DAYS_AGO)}`, exact: true };
    const day = calendar.getByRole('button', dayName);
    const row = calendar.getByRole('row').filter({ has: page.getByRole('button', dayName) });
    expect((await row.getByRole('cell').first().textContent()).trim()).toBe(String(week));

    await day.click();
    await calendar.waitFor({ state: 'hidden' });
    const monday = mondayOf(SIX_DAYS_AGO);
    const sunday = plusDays(monday, 6);
    // Any day stands for its week: the field shows the Monday.
    expect(await textbox('Week').inputValue()).toBe(monday);
    await page.getByText(`Week ${week}: ${monday} to ${sunday}`).waitFor();
    await submit();

    await expectCard('Selected Week', `${monday} to ${sunday}`);
    // The server takes any day of the week, as the picker does.
    const api = await get(`/reportweeklysaleslist?week_start=${SIX_DAYS_AGO}`);
    expect([api.week_start, api.week_end]).toEqual([monday, sunday]);
    expect(api.total_sales).toBeGreaterThanOrEqual(3 * PRICE);
    await expectCard('Total Sales (UGX)', money(api.total_sales));
    expect(new URL(page.url()).searchParams.get('week_start')).toBe(monday);
  });

  it('monthly: a month picked from its year, a future month disabled, its figures the API’s', async () => {
    await openFromMenu(page, app.url, 'Monthly Sales Report', '/reportmonthlysaleslist');
    await openFilter();
    const calendar = await openCalendar('Month');
    const thisMonth = today.slice(0, 7);
    const nextMonth = plusDays(`${thisMonth}-28`, 5).slice(0, 7);
    if (nextMonth.startsWith(today.slice(0, 4))) {
      expect(await calendar.getByRole('button', { name: monthTitle(nextMonth) }).isDisabled()).toBe(true);
    } else {
      // December: next year holds no month that may be picked.
      expect(await calendar.getByRole('button', { name: 'Next year' }).isDisabled()).toBe(true);
    }
    expect(await calendar.getByRole('button', { name: monthTitle(thisMonth) }).isDisabled()).toBe(false);

    const month = SIX_DAYS_AGO.slice(0, 7);
    if (!month.startsWith(today.slice(0, 4))) await calendar.getByRole('button', { name: 'Previous year' }).click();
    await calendar.getByRole('button', { name: monthTitle(month), exact: true }).click();
    await calendar.waitFor({ state: 'hidden' });
    expect(await textbox('Month').inputValue()).toBe(month);
    await submit();

    await expectCard('Selected Month', month);
    const api = await get(`/reportmonthlysaleslist?month=${month}`);
    expect(api.total_sales).toBeGreaterThanOrEqual(3 * PRICE);
    await expectCard('Total Sales (UGX)', money(api.total_sales));

    // A future month typed is refused by the field and never asked for.
    await typeInto('Month', nextMonth);
    await page.getByText('The month cannot be in the future.').waitFor();
    await submit();
    await expectCard('Selected Month', month);
    expect(new URL(page.url()).searchParams.get('month')).toBe(month);
  });

  it('consolidated: a custom range picked in two calendars that draw it, its figures the API’s', async () => {
    await openFromMenu(page, app.url, 'Consolidated Sales Report', '/reportconsolidatedsaleslist');
    await openFilter();
    await textbox('Report Type').click();
    await page.getByRole('option', { name: 'Custom', exact: true }).click();

    const start = SIX_DAYS_AGO;
    const end = daysAgo(1);
    let calendar = await openCalendar('Start Date');
    await showMonth(calendar, start);
    await calendar.getByRole('button', { name: spoken(start), exact: true }).click();
    await calendar.waitFor({ state: 'hidden' });

    calendar = await openCalendar('End Date');
    await showMonth(calendar, end);
    // The end's calendar offers no day before the start.
    // (Checked when the day before the start is in the month shown: the days of other months are left out.)
    if (daysAgo(7).slice(0, 7) === end.slice(0, 7)) {
      expect(await calendar.getByRole('button', { name: spoken(daysAgo(7)), exact: true }).isDisabled()).toBe(true);
    }
    await calendar.getByRole('button', { name: spoken(end), exact: true }).click();
    await calendar.waitFor({ state: 'hidden' });
    expect([await textbox('Start Date').inputValue(), await textbox('End Date').inputValue()]).toEqual([start, end]);
    // Opened again, the calendar draws the period from its first day to its last.
    calendar = await openCalendar('Start Date');
    await showMonth(calendar, end);
    const endDay = calendar.getByRole('button', { name: spoken(end), exact: true });
    expect(await endDay.getAttribute('data-last-in-range')).toBe('true');
    expect(await endDay.getAttribute('data-in-range')).toBe('true');
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    await submit();

    await expectCard('Report Period', `${start} to ${end}`);
    expect(new URL(page.url()).searchParams.get('date_range')).toBe(`${start},${end}`);
    const api = await get(`/reportconsolidatedsaleslist?report_type=custom&date_range=${start},${end}`);
    // The offline sale alone: today's is outside the range.
    expect(api.total_sales).toBe(3 * PRICE);
    await expectCard('Total Sales (UGX)', money(api.total_sales));
  });
});

describe('the lists’ Start and End Date', () => {
  /** What the stock list asked the server for (its startDate and endDate). */
  const asked: { startDate: string | null; endDate: string | null }[] = [];
  const watchStockList = () =>
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/stocklist')
        asked.push({ startDate: url.searchParams.get('startDate'), endDate: url.searchParams.get('endDate') });
    });
  const rowsShown = () => page.locator('tbody tr').allInnerTexts();

  it('stock: a period typed into both fields; the rows are the API’s for it', async () => {
    watchStockList();
    await openFromMenu(page, app.url, 'Stock Records', '/stocklist');
    await page.getByRole('row', { name: /Picker Sand/ }).waitFor();
    await openFilter();
    await typeInto('Start Date', daysAgo(15));
    await typeInto('End Date', daysAgo(5));
    await submit();

    const api = await get(`/stocklist?startDate=${daysAgo(15)}&endDate=${daysAgo(5)}`);
    expect(api.data.map((row: { product: { name: string } }) => row.product.name)).toEqual(['Picker Nails']);
    await expect.poll(rowsShown).toHaveLength(api.total);
    expect((await rowsShown())[0]).toContain('Picker Nails');
    expect(asked.at(-1)).toEqual({ startDate: daysAgo(15), endDate: daysAgo(5) });
  });

  it('refuses an end before the start and a date it cannot read, and sends neither', async () => {
    await typeInto('End Date', daysAgo(20));
    await page.getByText('The end date cannot be before the start date.').waitFor();
    await typeInto('Start Date', '2026-13-45');
    // "Invalid Date" once the person leaves the field.
    await page.keyboard.press('Tab');
    await page.getByText('Invalid Date').waitFor();
    await submit();
    // Neither was sent: the list is the whole list, and every period it was asked for is two real days in order.
    await expect.poll(rowsShown).toHaveLength(3);
    for (const { startDate, endDate } of asked) {
      for (const day of [startDate, endDate]) if (day !== null) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (startDate && endDate) expect(startDate <= endDate).toBe(true);
    }
  });

  it('takes a date pasted as DD/MM/YYYY, YYYY.MM.DD or ISO 8601 and shows it as YYYY-MM-DD', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const [y, m, d] = daysAgo(15).split('-');
    const paste = async (label: string, text: string) => {
      await typeInto(label, '');
      await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
      await page.keyboard.press('Control+V');
    };
    await paste('Start Date', `${d}/${m}/${y}`);
    expect(await textbox('Start Date').inputValue()).toBe(daysAgo(15));
    await paste('End Date', daysAgo(5).replaceAll('-', '.'));
    expect(await textbox('End Date').inputValue()).toBe(daysAgo(5));
    await paste('End Date', `${daysAgo(5)}T09:30:00+03:00`);
    expect(await textbox('End Date').inputValue()).toBe(daysAgo(5));
    await paste('Start Date', 'next Tuesday');
    await page.getByText('Invalid Date').waitFor();
    expect(await textbox('Start Date').inputValue()).toBe('next Tuesday');
    await paste('Start Date', `${d}/${m}/${y}`);
    expect(await page.getByText('Invalid Date').count()).toBe(0);
    await submit();
    await expect.poll(() => asked.at(-1)).toEqual({ startDate: daysAgo(15), endDate: daysAgo(5) });
    await expect.poll(rowsShown).toHaveLength(1);
  });
});

describe('the calendars by keyboard, for axe-core and on a phone', () => {
  it('opens with ↓ from the field, moves with the arrows, picks with Enter and closes with Escape', async () => {
    await openFromMenu(page, app.url, 'Daily Sales Report', '/reportdailysaleslist');
    await openFilter();
    // The 15th of last month: a week up and a day left stay in its month whatever today is.
    const fifteenth = `${daysAgo(40).slice(0, 7)}-15`;
    await typeInto('Date', fifteenth);
    await page.keyboard.press('ArrowDown');
    const calendar = page.getByRole('dialog', { name: 'Choose date' });
    await calendar.waitFor();
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    // The calendar opens on the field's day.
    await expect.poll(focusedName).toBe(spoken(fifteenth));
    await page.keyboard.press('ArrowUp');
    expect(await focusedName()).toBe(spoken(plusDays(fifteenth, -7)));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    const picked = plusDays(fifteenth, -1);
    expect(await focusedName()).toBe(spoken(picked));
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'hidden' });
    expect(await textbox('Date').inputValue()).toBe(picked);
    // Back in the field, as before the calendar opened.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(picked);

    // Tab to the calendar's button, Enter opens, Escape closes and the button has the focus again.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await calendar.waitFor();
    await expect.poll(focusedName).toBe(spoken(picked));
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    expect(await focusedName()).toBe('Choose date');

    await submit();
    await expect.poll(() => new URL(page.url()).searchParams.get('Date')).toBe(picked);
  });

  /** The serious and critical WCAG 2 A/AA violations on the page as it is now. */
  async function seriousViolations(on: Page) {
    await on.waitForTimeout(400); // the popover's transition ends before colours are measured
    const results = await new AxeBuilder({ page: on }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }

  it('axe-core finds no serious violation with a day, a week or a month calendar open', async () => {
    // axe-core injects its script through the page's own context.
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(10_000);
    await signInThroughUi(page, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${app.url}/home`);
    for (const [path, title, label] of [
      ['/stocklist', 'Stock Records', 'End Date'],
      ['/reportweeklysaleslist', 'Weekly Sales Report', 'Week'],
      ['/reportmonthlysaleslist', 'Monthly Sales Report', 'Month'],
    ] as const) {
      await openFromMenu(page, app.url, title, path);
      await openFilter();
      const calendar = await openCalendar(label);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'hidden' });
    }
  });

  it('fits a phone’s screen (390 px)', async () => {
    page = await signedInPage(browser, app.url, undefined, { viewport: { width: 390, height: 844 } });
    /** The open calendar lies within the screen's width, its last row too (no scrolling sideways to reach a day). */
    const expectWithinPhone = async (label: string) => {
      const calendar = await openCalendar(label);
      for (const box of [await calendar.boundingBox(), await calendar.getByRole('row').last().boundingBox()]) {
        expect(box).not.toBeNull();
        expect(box?.x).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      }
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'hidden' });
    };
    await page.goto(`${app.url}/stocklist`);
    await openFilter();
    await expectWithinPhone('Start Date');
    await expectWithinPhone('End Date');
    await page.goto(`${app.url}/reportmonthlysaleslist`);
    await openFilter();
    await expectWithinPhone('Month');
  });
});
