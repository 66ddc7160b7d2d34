import { SECURITY_DEFAULTS } from '@duka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn();
});
afterAll(() => t.close());

const email = {
  sender_name: 'Duka Shop',
  sender_email: 'shop@duka.test',
  smtp_auth: 'true',
  smtp_host: 'smtp.duka.test',
  smtp_username: 'shop',
  smtp_password: 'Very-Secret-Smtp-9',
  smtp_encryption: 'ENCRYPTION_STARTTLS',
  smtp_port: 587,
};

/**
 * A save of one settings section (`/api/{section}settingsstore`) refused with 422 and `errors`; the stored settings
 * read back as they were. `body` is built from them.
 */
async function expectRefusedUnchanged(
  section: 'security' | 'businessinfo',
  body: (current: Record<string, unknown>) => object,
  errors: Record<string, string[]>,
) {
  const read = async () => (await t.call('GET', `/api/${section}settingslist`, { token })).body.data;
  const current = await read();
  const res = await t.call('POST', `/api/${section}settingsstore`, { token, body: body(current) });
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual(errors);
  expect(await read()).toEqual(current);
}

describe('security settings', () => {
  it('loads the defaults', async () => {
    const res = await t.call('GET', '/api/securitysettingslist', { token });
    expect(res.body.data).toEqual(SECURITY_DEFAULTS);
  });

  it('validates with the original client messages and changes nothing', async () => {
    await expectRefusedUnchanged(
      'security',
      (current) => ({
        ...current,
        security_settings_length: 7,
        security_settings_expiry: 0,
        dormant_account_expiry: -1,
        security_settings_login_attempt: 'x',
        security_settings_history_counts: 0,
      }),
      {
        security_settings_length: ['Password length should be a number greater than or equal to 8.'],
        security_settings_expiry: ['Password expiry should be a positive number.'],
        dormant_account_expiry: ['Account expiry should be a positive number.'],
        security_settings_login_attempt: ['Login attempts should be a positive number.'],
        security_settings_history_counts: ['History count should be a number greater than or equal to 1.'],
      },
    );
  });

  it('saves, audits from/to, and the new lockout count applies to sign-in', async () => {
    const current = (await t.call('GET', '/api/securitysettingslist', { token })).body.data;
    const res = await t.call('POST', '/api/securitysettingsstore', {
      token,
      body: { ...current, security_settings_login_attempt: '2' },
    });
    expect(res.body).toEqual({ success: true, message: 'Security settings saved successfully!' });
    const audit = await t.db.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      type: 'Settings',
      details:
        'Security settings from: {"security_settings_login_attempt":5} to: {"security_settings_login_attempt":2}',
    });
    for (let i = 0; i < 2; i++)
      await t.call('POST', '/api/login', { body: { email: DEMO_CASHIER.email, password: 'wrong-one' } });
    const locked = await t.call('POST', '/api/login', {
      body: { email: DEMO_CASHIER.email, password: DEMO_CASHIER.password },
    });
    expect(locked.status).toBe(401);
  });

  it('refuses two-factor sign-in while no mail server is set up, since nobody could receive a code', async () => {
    await t.db.deleteFrom('settings').where('key', '=', 'email').execute();
    const current = (await t.call('GET', '/api/securitysettingslist', { token })).body.data;
    const res = await t.call('POST', '/api/securitysettingsstore', {
      token,
      body: { ...current, security_settings_2fa: 'Yes' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      security_settings_2fa: ['Set up the email settings first: the one-time codes are sent by e-mail.'],
    });
    expect((await t.call('GET', '/api/securitysettingslist', { token })).body.data.security_settings_2fa).toBe('No');
    expect((await t.call('POST', '/api/emailsettingsstore', { token, body: email })).status).toBe(200);
    const on = await t.call('POST', '/api/securitysettingsstore', {
      token,
      body: { ...current, security_settings_2fa: 'Yes' },
    });
    expect(on.status).toBe(200);
    await t.call('POST', '/api/securitysettingsstore', { token, body: current });
    await t.db.deleteFrom('settings').where('key', '=', 'email').execute();
  });

  it('is refused to a user without the key', async () => {
    await t.db.updateTable('sign_in_addresses').set({ locked_until: null }).execute();
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    expect((await t.call('GET', '/api/securitysettingslist', { token: cashier })).status).toBe(403);
  });
});

describe('email settings', () => {
  it('validates with the original client messages', async () => {
    const res = await t.call('POST', '/api/emailsettingsstore', { token, body: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      sender_name: ['Sender name is required.'],
      sender_email: ['Sender email is required.'],
      smtp_auth: ['SMTP auth is required.'],
      smtp_host: ['SMTP host is required.'],
      smtp_username: ['SMTP username is required.'],
      smtp_encryption: ['SMTP encryption is required.'],
      smtp_port: ['SMTP port is required.'],
    });
    const noPassword = await t.call('POST', '/api/emailsettingsstore', {
      token,
      body: { ...email, smtp_password: '' },
    });
    expect(noPassword.body.errors).toEqual({ smtp_password: ['SMTP password is required.'] });
  });

  it('keeps the password sealed: never returned, never in plain text in the database or the audit log', async () => {
    expect((await t.call('POST', '/api/emailsettingsstore', { token, body: email })).body).toEqual({
      success: true,
      message: 'Email settings saved successfully!',
    });
    const listed = await t.call('GET', '/api/emailsettingslist', { token });
    expect(listed.body.data).toMatchObject({ smtp_host: 'smtp.duka.test', smtp_password: '', has_smtp_password: true });
    expect(JSON.stringify(listed.body)).not.toContain(email.smtp_password);
    const row = await t.db.selectFrom('settings').select('value').where('key', '=', 'email').executeTakeFirstOrThrow();
    expect(JSON.stringify(row.value)).not.toContain(email.smtp_password);
    const audits = await t.db.selectFrom('audit_logs').select('details').execute();
    expect(audits.map((a) => a.details).join(' ')).not.toContain(email.smtp_password);

    // Saving again without a password keeps the stored one.
    await t.call('POST', '/api/emailsettingsstore', {
      token,
      body: { ...email, smtp_password: '', smtp_port: 465, smtp_encryption: 'ENCRYPTION_SMTPS' },
    });
    const again = await t.call('GET', '/api/emailsettingslist', { token });
    expect(again.body.data).toMatchObject({ smtp_port: 465, has_smtp_password: true });
  });

  it('records mail as undeliverable when no SMTP server is configured, keeping no temporary password', async () => {
    await t.db.deleteFrom('settings').where('key', '=', 'email').execute();
    // The failed sign-ins above queued a warning to the cashier: only the reset's own mail counts here.
    await t.db.deleteFrom('outbox').execute();
    await t.call('POST', '/api/forgotpassword', { body: { email: DEMO_CASHIER.email } });
    await t.mail.kick();
    const mails = await t.db.selectFrom('outbox').selectAll().execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'undeliverable', to_address: DEMO_CASHIER.email, body: '' });
    expect(mails[0]?.subject).not.toBe('');
  });
});

describe('business information', () => {
  const business = {
    business_name: 'Kato Hardware Ltd',
    business_reg_number: '80020001234567',
    business_tin: '1000234567',
    business_slogan: 'Build it once',
    business_address: 'Plot 12, Jinja Road, Kampala',
    business_email: 'sales@katohardware.test',
    business_contact: '0772000111',
    business_website: 'https://katohardware.test',
    business_legal_disclaimer: 'Goods once sold are not returnable.',
  };

  it('is edited only with the businessInfoSettings key, but read by every signed-in user for receipts', async () => {
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    expect((await t.call('GET', '/api/getbusinessinfosettings')).status).toBe(401);
    expect((await t.call('GET', '/api/getbusinessinfosettings', { token: cashier })).status).toBe(200);
    expect((await t.call('GET', '/api/businessinfosettingslist', { token: cashier })).status).toBe(403);
    const write = await t.call('POST', '/api/businessinfosettingsstore', { token: cashier, body: business });
    expect(write.status).toBe(403);
  });

  it('validates with the original client messages and changes nothing', async () => {
    await expectRefusedUnchanged(
      'businessinfo',
      () => ({
        ...business,
        business_name: ' ',
        business_email: 'not-an-email',
        business_contact: '772-000',
        business_website: 'katohardware',
      }),
      {
        business_name: ['business name is required.'],
        business_email: ['Invalid email format.'],
        business_contact: ['Invalid business contact format. Please enter only digits.'],
        business_website: ['Invalid website format. Please enter a valid URL.'],
      },
    );
  });

  it('saves, audits from/to, and every signed-in user reads it back', async () => {
    const res = await t.call('POST', '/api/businessinfosettingsstore', { token, body: business });
    expect(res.body).toEqual({ success: true, message: 'Business info settings saved successfully!' });
    const audit = await t.db.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.type).toBe('Settings');
    expect(audit.details).toContain('to: {"business_name":"Kato Hardware Ltd"');
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    // VAT was not sent, so it keeps its defaults: not registered, 18 %.
    expect((await t.call('GET', '/api/getbusinessinfosettings', { token: cashier })).body.data).toEqual({
      ...business,
      vat_registered: 'No',
      vat_rate: 18,
    });
  });
});

describe('branding', () => {
  it('answers the public logo call with fallbacks', async () => {
    const res = await t.call('GET', '/api/getlogofavicon');
    expect(res.body).toEqual({ success: true, data: { name: 'Duka', logo: null, favicon: null, wallpaper: null } });
  });
});
