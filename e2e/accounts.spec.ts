import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuLink, type RunningApp, signedInPage, signInThroughUi, startAll, stopAll } from './support.ts';

// Accounts in Chromium: a role with a few permissions, a user in it, what that user sees, locking, the trash and the
// audit trail.
let app: RunningApp;
let browser: Browser;
let admin: Page;
let clerk: Page;
const CLERK_EMAIL = 'clerk@duka.test';

beforeAll(async () => {
  [app, browser] = await startAll();
  clerk = await browser.newPage();
  clerk.setDefaultTimeout(10_000);
  admin = await signedInPage(browser, app.url);
});
afterAll(() => stopAll(app, browser));

const rowActions = async (page: Page, rowText: string | RegExp, action: string) => {
  await page.getByRole('row', { name: rowText }).getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
};
const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describe('roles, users and what a user may see', () => {
  it('creates a role and gives it two permissions', async () => {
    await menuLink(admin, 'Roles').click();
    await admin.getByRole('link', { name: 'Create' }).click();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Name is required.').waitFor();
    // The environment starts on Production, folded under "More options", so a name is all a first Save needs.
    expect(await admin.getByText('Environment is required.').count()).toBe(0);
    expect(await admin.getByLabel('Production').isVisible()).toBe(false);
    await admin.getByRole('button', { name: 'More options' }).click();
    await admin.getByLabel('Production').waitFor();
    expect(await admin.getByLabel('Production').isChecked()).toBe(true);
    await admin.getByRole('button', { name: 'Fewer options' }).click();
    await admin.getByLabel('Production').waitFor({ state: 'hidden' });
    await admin.getByLabel('Name').click();
    await admin.keyboard.type('Stock Clerk');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Role created successfully!').waitFor();
    await admin.waitForURL(`${app.url}/rolelist`);
    await admin
      .getByRole('row', { name: /Stock Clerk/ })
      .getByText('00')
      .waitFor();

    await rowActions(admin, /Stock Clerk/, 'Permission');
    await admin.getByRole('heading', { name: 'Assign Permissions to Stock Clerk' }).waitFor();
    await admin.getByLabel('List Category').check();
    await admin.getByLabel('Add Category').check();
    expect(await admin.getByLabel('Select All').isChecked()).toBe(false);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Permissions assigned successfully!').waitFor();
  });

  it('creates a user in that role and shows the temporary password once', async () => {
    await menuLink(admin, 'Users').click();
    await admin.getByRole('link', { name: 'Create' }).click();
    await admin.getByLabel('Name').fill('Peter Okello');
    await choose(admin, 'Gender', 'Male');
    await admin.getByLabel('NIN').fill('CM91234567890A');
    await admin.getByLabel('Phone number').fill('772555111');
    expect(await admin.getByLabel('Phone number').inputValue()).toBe('0772555111');
    await admin.getByLabel('Email').fill(CLERK_EMAIL);
    await choose(admin, 'Role', 'Stock Clerk');
    await admin.getByRole('button', { name: 'More options' }).click();
    await admin.getByLabel('Test').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    // No mail server is configured here, so the dialog must not claim an e-mail was sent.
    await admin
      .getByText(`No mail server is configured, so nothing was e-mailed: hand ${CLERK_EMAIL} this temporary password`)
      .waitFor();
    expect(await admin.getByText(/has been e-mailed/).count()).toBe(0);
    const password = (await admin.getByTestId('temporary-password').textContent())?.trim() ?? '';
    expect(password).toHaveLength(14);
    await admin.keyboard.press('Escape');
    await admin.waitForURL(`${app.url}/userlist`);
    await admin
      .getByRole('row', { name: /Peter Okello/ })
      .getByText('Unlocked')
      .waitFor();

    await signInThroughUi(clerk, app.url, CLERK_EMAIL, password);
    await clerk.waitForURL(`${app.url}/usersettings`);
    await clerk.getByLabel('Current password').fill(password);
    await clerk.getByLabel('New password', { exact: true }).fill('Clerk-Own-Pass-9');
    await clerk.getByLabel('Confirm new password').fill('Clerk-Own-Pass-9');
    await clerk.getByRole('button', { name: 'Save' }).click();
    await clerk.waitForURL(`${app.url}/home`);
  });

  it('shows the user only what the role grants', async () => {
    await menuLink(clerk, 'Categories').waitFor();
    expect(await menuLink(clerk, 'Roles').count()).toBe(0);
    expect(await menuLink(clerk, 'Users').count()).toBe(0);
    await menuLink(clerk, 'Categories').click();
    await clerk.getByRole('link', { name: 'Create' }).waitFor();
    await clerk.getByRole('row', { name: /No records found/ }).waitFor();
    await clerk.goto(`${app.url}/userlist`);
    await clerk.getByText('Access denied').waitFor();
  });

  it('ends the session of a user the admin locks', async () => {
    await rowActions(admin, /Peter Okello/, 'Lock');
    await admin.getByText('Are you sure you want to lock this user?').waitFor();
    await admin.getByRole('button', { name: 'Yes' }).click();
    await admin.getByText('User locked successfully!').waitFor();
    await admin
      .getByRole('row', { name: /Peter Okello/ })
      .getByText('Locked', { exact: true })
      .waitFor();

    await clerk.goto(`${app.url}/categorylist`);
    await clerk.waitForURL(`${app.url}/`);
  });
});

describe('trash and audit log', () => {
  it('deletes a category and restores it from the trash', async () => {
    await menuLink(admin, 'Categories').click();
    await admin.getByRole('link', { name: 'Create' }).click();
    await admin.getByLabel('Name').fill('Cement');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(`${app.url}/categorylist`);

    await rowActions(admin, /Cement/, 'Delete');
    await admin.getByText('Are you sure you want to delete this category?').waitFor();
    await admin.getByRole('button', { name: 'Yes' }).click();
    await admin.getByText('Category deleted successfully!').waitFor();
    await admin.getByText('No records found.').waitFor();

    await menuLink(admin, 'Trash').click();
    await rowActions(admin, /Cement/, 'Restore');
    await admin.getByText('Are you sure you want to restore this record?').waitFor();
    await admin.getByRole('button', { name: 'Yes' }).click();
    await admin.getByText('Record restored successfully!').waitFor();

    await menuLink(admin, 'Categories').click();
    await admin.getByRole('row', { name: /Cement/ }).waitFor();
  });

  it('records an edit in the audit log with from in red and to in green', async () => {
    await rowActions(admin, /Cement/, 'Edit');
    await admin.getByLabel('Name').fill('Cement & Lime');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Category updated successfully!').waitFor();
    await admin.waitForURL(`${app.url}/categorylist`);

    await menuLink(admin, 'Application').click();
    await admin.getByRole('button', { name: 'Filter' }).click();
    await choose(admin, 'Type', 'Category');
    await choose(admin, 'Activity', 'Update');
    await admin.getByRole('button', { name: 'Submit' }).click();
    await admin.getByText('Showing 1 to 1 of 1 result').waitFor();
    await rowActions(admin, /Category/, 'View');
    const from = admin.locator('[data-change="from"]');
    const to = admin.locator('[data-change="to"]');
    expect(await from.textContent()).toBe('from: {"name":"Cement"}');
    expect(await to.textContent()).toBe('to: {"name":"Cement & Lime"}');
    expect(await from.evaluate((el) => getComputedStyle(el).color)).toMatch(/^rgb\(2\d\d, \d{1,2}, \d{1,2}\)$/);
    expect(await to.evaluate((el) => getComputedStyle(el).color)).toMatch(/^rgb\(\d{1,2}, 1\d\d, \d{1,3}\)$/);
  });
});

describe('appearance', () => {
  it("shows the app's icon written into the page, and the shop's own once saved", async () => {
    const asked: string[] = [];
    const page = await signedInPage(browser, app.url, undefined, {
      prepare: (opened) => opened.on('request', (request) => asked.push(new URL(request.url()).pathname)),
    });
    const icon = page.locator('link[rel="icon"]');
    expect(await icon.getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
    expect(asked.filter((address) => address.startsWith('/favicon'))).toEqual([]);

    await menuLink(page, 'Appearance').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Favicon' }).click();
    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await (await chooser).setFiles({ name: 'shop-icon.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved successfully!').waitFor();
    await expect.poll(() => icon.getAttribute('href')).toMatch(/\/api\/appearance\/favicon/);
    await page.close();
  });
});
