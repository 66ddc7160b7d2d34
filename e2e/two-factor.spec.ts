import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import { startSmtpSink } from '../apps/server/test/smtp-sink.ts';
import { apiCall, launchBrowser, type RunningApp, signInThroughUi, startApp, stopAll } from './support.ts';

// Two-factor sign-in in Chromium: the code is read from a real SMTP server that the app mails it to.
let app: RunningApp;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  [app, browser, smtp] = await Promise.all([startApp(), launchBrowser(), startSmtpSink()]);
  const token = (await apiCall(app.url, 'POST', '/login', DEMO_ADMIN)).body.data.token;
  const email = await apiCall(
    app.url,
    'POST',
    '/emailsettingsstore',
    {
      sender_name: 'Duka',
      sender_email: 'shop@duka.test',
      smtp_auth: 'false',
      smtp_host: '127.0.0.1',
      smtp_username: 'shop',
      smtp_encryption: 'ENCRYPTION_NONE',
      smtp_port: smtp.port,
    },
    token,
  );
  expect(email.status).toBe(200);
  const policy = (await apiCall(app.url, 'GET', '/securitysettingslist', undefined, token)).body.data;
  const saved = await apiCall(
    app.url,
    'POST',
    '/securitysettingsstore',
    { ...policy, security_settings_2fa: 'Yes' },
    token,
  );
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await stopAll(app, browser);
  await smtp?.close();
});

describe('two-factor sign-in', () => {
  it('redirects the 2FA page to sign-in when no sign-in is under way', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/twofa`);
    await page.waitForURL(`${app.url}/`);
    await page.close();
  });

  it('asks for the mailed code and signs in with it', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, app.url, DEMO_CASHIER.email, DEMO_CASHIER.password);
    await page.waitForURL(`${app.url}/twofa`);
    await page.getByText(`Enter the 6-digit code sent to ${DEMO_CASHIER.email}.`).waitFor();
    // The code has just been sent: resending waits for the 60-second cooldown.
    await page.getByText(/^Resend OTP in \d+ seconds?$/).waitFor();

    const code = await smtp.waitFor(DEMO_CASHIER.email, /sign-in code is (\d{6})/);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('OTP is required.').waitFor();
    await page.getByLabel('OTP').fill(code);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL(`${app.url}/home`);
    await page.getByText('Welcome, Grace Namutebi!').waitFor();
    await page.close();
  });
});
