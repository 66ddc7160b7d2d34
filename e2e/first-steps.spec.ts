import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import { menuLink, type RunningApp, signedInPage, signInThroughUi, startShop, stopAll } from './support.ts';

// A new shop's first sign-in (the browser tests' shop has the demo sign-ins only: no Business Info, no products, no
// backup): the Administrator's home screen lists the first steps, each a link to its screen and ticked from the
// shop's data; the list can be hidden, and the cashier never sees it.
let app: RunningApp;
let browser: Browser;
let admin: Page;

beforeAll(async () => {
  ({ app, browser } = await startShop());
  // A context of its own: axe-core injects its script through the context.
  admin = await (await browser.newContext()).newPage();
  admin.setDefaultTimeout(10_000);
  await signInThroughUi(admin, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.waitForURL(`${app.url}/home`);
});
afterAll(() => stopAll(app, browser));

const checklist = () => admin.getByRole('region', { name: 'First steps for your shop' });
const step = (label: string) => checklist().getByRole('listitem').filter({ hasText: label });
const stateOf = async (label: string) => ((await step(label).textContent()) ?? '').match(/Done|To do/)?.[0];

/** Types into a field as a person does: click, then the keys. */
async function typeInto(label: string | RegExp, text: string) {
  await admin.getByRole('textbox', { name: label }).click();
  await admin.keyboard.type(text);
}

describe('the first steps on a new shop', () => {
  it('are listed on the Administrator’s home screen, each ticked from the data', async () => {
    await checklist().waitFor();
    expect(await stateOf('Enter your business details')).toBe('To do');
    expect(await stateOf('Decide on VAT')).toBe('To do');
    expect(await stateOf('Add your first products')).toBe('To do');
    expect(await stateOf('Set up backups')).toBe('To do');
    // The demo shop's cashier is the second user.
    expect(await stateOf('Add the people who work with you')).toBe('Done');
    await checklist().getByText('1 of 5 done.').waitFor();
    const results = await new AxeBuilder({ page: admin })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('link to their screens; the business details entered there tick two of them', async () => {
    await step('Enter your business details').getByRole('link').click();
    await admin.waitForURL(`${app.url}/businessinfosettings`);
    await typeInto('Business name', 'Kisenyi Hardware');
    await typeInto('Registration number', '80020009876543');
    await typeInto('Tax identification number (TIN)', '1000987654');
    await typeInto('Email', 'sales@kisenyihardware.test');
    await typeInto('Contact', '0772987654');
    await typeInto('Address', 'Plot 7, Kisenyi Road, Kampala');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Business info settings saved successfully!').waitFor();

    await menuLink(admin, 'Home').click();
    await admin.waitForURL(`${app.url}/home`);
    await checklist().getByText('3 of 5 done.').waitFor();
    expect(await stateOf('Enter your business details')).toBe('Done');
    expect(await stateOf('Decide on VAT')).toBe('Done');
    expect(await stateOf('Add your first products')).toBe('To do');
  });

  it('are never shown to the cashier', async () => {
    const cashier = await signedInPage(browser, app.url, DEMO_CASHIER);
    const asked: string[] = [];
    cashier.on('request', (request) => {
      if (request.url().includes('/api/firststeps')) asked.push(request.url());
    });
    await cashier.reload();
    await cashier.getByRole('heading', { name: /Welcome/ }).waitFor();
    await cashier.waitForLoadState('networkidle');
    expect(await cashier.getByText('First steps for your shop').count()).toBe(0);
    expect(asked).toEqual([]);
    await cashier.close();
  });

  it('can be hidden, and stay hidden after a reload', async () => {
    await checklist().getByRole('button', { name: 'Hide this list' }).click();
    await checklist().waitFor({ state: 'detached' });
    await admin.reload();
    await admin.getByRole('heading', { name: /Welcome/ }).waitFor();
    await admin.waitForLoadState('networkidle');
    expect(await admin.getByText('First steps for your shop').count()).toBe(0);
  });
});
