import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import { apiCall, launchBrowser, type RunningApp, signInThroughUi, startApp, stopAll } from './support.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterAll(() => stopAll(app, browser));

const OWNER_EMAIL = `${DEMO_ADMIN.email}.ug`;
const heading = (name: string) => page.getByRole('heading', { name, exact: true });

describe('sign-in, profile, password and sign-out in Chromium', () => {
  it('sends a visitor without a token to the sign-in page', async () => {
    await page.goto(`${app.url}/home`);
    await page.waitForURL(`${app.url}/`);
    await expect(page.getByRole('button', { name: 'Login' }).isDisabled()).resolves.toBe(true);
  });

  it('keeps Login disabled until the captcha is solved, and says a wrong answer is wrong', async () => {
    const question = await page.getByText(/What is \d+ \+ \d+\?/).textContent();
    const [, a, b] = question?.match(/(\d+) \+ (\d+)/) ?? [];
    await page.getByLabel(/What is/).fill(String(Number(a) + Number(b) + 1));
    await page.getByText('Incorrect answer. Please try again.').waitFor();
    expect(await page.getByRole('button', { name: 'Login' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await page.getByLabel(/What is/).inputValue()).toBe('');
  });

  it('shows the server message for a wrong password and clears the fields', async () => {
    await signInThroughUi(page, app.url, DEMO_ADMIN.email, 'not-the-password');
    await page.getByText('Invalid email or password. Please try again.').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('');
  });

  it('signs in and greets the user on Home', async () => {
    await signInThroughUi(page, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${app.url}/home`);
    await page.getByText('Welcome, Administrator!').waitFor();
    // A signed-in user opening a public page goes Home.
    await page.goto(`${app.url}/faqpublic`);
    await page.waitForURL(`${app.url}/home`);
  });

  it('signs in and opens the dashboard under the security policy without a console error', async () => {
    const watched = await browser.newPage();
    const problems: string[] = [];
    watched.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    watched.on('pageerror', (error) => problems.push(error.message));
    try {
      const response = await watched.goto(`${app.url}/`);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await signInThroughUi(watched, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await watched.getByText('Welcome, Administrator!').waitFor();
      await watched.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
      await watched.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      await watched.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('edits the profile', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await heading('My Personal Details').waitFor();
    expect(await page.getByLabel('Role').isDisabled()).toBe(true);
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name is required.').waitFor();
    await page.getByLabel('Name').fill('Shop Owner');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Personal details updated successfully!').waitFor();
    await page.getByRole('button', { name: 'User menu' }).getByText('Shop Owner').waitFor();
  });

  it('asks for the current password only when the e-mail changes', async () => {
    expect(await page.getByLabel('Current password').count()).toBe(0);
    await page.getByLabel('Email').click();
    await page.keyboard.press('End');
    await page.keyboard.type('.ug');
    await page.getByLabel('Current password').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The current password is incorrect.').first().waitFor();
    await page.getByLabel('Current password').click();
    await page.keyboard.type(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Personal details updated successfully!').waitFor();
    // Saved: the address on file is the new one, so the password field goes away.
    await page.getByLabel('Current password').waitFor({ state: 'detached' });
    expect(await page.getByLabel('Email').inputValue()).toBe(OWNER_EMAIL);
  });

  it('sets the SMTP port from the encryption choice', async () => {
    await page.getByRole('link', { name: 'Email' }).click();
    await heading('Email Settings').waitFor();
    await page.getByRole('textbox', { name: 'SMTP encryption' }).click();
    await page.getByRole('option', { name: 'SMTPS' }).click();
    expect(await page.getByLabel('SMTP port').inputValue()).toBe('465');
    await page.getByRole('textbox', { name: 'SMTP encryption' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    expect(await page.getByLabel('SMTP port').inputValue()).toBe('25');
  });

  it('changes the password', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await heading('Change Password').waitFor();
    await page.getByLabel('Current password').fill(DEMO_ADMIN.password);
    await page.getByLabel('New password', { exact: true }).fill('Owner-New-Pass-1');
    await page.getByLabel('Confirm new password').fill('Owner-New-Pass-2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel('Confirm new password').fill('Owner-New-Pass-1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Password changed successfully!').waitFor();
  });

  it('logs out after confirmation and signs in with the new password', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByText('Are you sure you want to logout?').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${app.url}/profile`);
    await page.waitForURL(`${app.url}/`);
    await signInThroughUi(page, app.url, OWNER_EMAIL, 'Owner-New-Pass-1');
    await page.getByText('Welcome, Shop Owner!').waitFor();
  });

  it('shows a cashier only what the role grants', async () => {
    const cashier = await browser.newPage();
    try {
      await signInThroughUi(cashier, app.url, DEMO_CASHIER.email, DEMO_CASHIER.password);
      await cashier.getByText('Welcome, Grace Namutebi!').waitFor();
      await cashier.getByRole('navigation', { name: 'Main menu' }).getByText('Cashier').waitFor();
      expect(await cashier.getByRole('link', { name: 'Security' }).count()).toBe(0);
      await cashier.goto(`${app.url}/securitysettings`);
      await cashier.getByText('Access denied').waitFor();
    } finally {
      await cashier.close();
    }
  });

  it('signs out by itself when the session check finds the session ended', async () => {
    const watched = await browser.newPage();
    try {
      await watched.clock.install();
      await signInThroughUi(watched, app.url, DEMO_CASHIER.email, DEMO_CASHIER.password);
      await watched.getByText('Welcome, Grace Namutebi!').waitFor();
      const token = await watched.evaluate(() => localStorage.getItem('token'));
      expect((await apiCall(app.url, 'POST', '/logout', {}, token ?? undefined)).status).toBe(200);
      await watched.clock.fastForward('05:01');
      await watched.getByText('Your session has expired.').waitFor();
      await watched.waitForURL(`${app.url}/`);
      expect(await watched.evaluate(() => localStorage.getItem('token'))).toBeNull();
    } finally {
      await watched.close();
    }
  });
});
