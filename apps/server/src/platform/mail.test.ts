import { SECURITY_DEFAULTS } from '@duka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMailSettings, startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_CASHIER } from '../db/seed/demo.ts';
import { enqueueMail } from './mail.ts';
import { SecretBox } from './secret-box.ts';

// Mail that carries a code or a temporary password is sealed while it waits in the outbox. The SMTP server is
// first out of reach (port 1 refuses), so each mail stays pending and its stored row can be read; then the settings
// point at a real SMTP sink and every mail must arrive, opened.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: string;

const emailSettings = localMailSettings;
const security = SECURITY_DEFAULTS;

async function pointMailAt(port: number) {
  const res = await t.call('POST', '/api/emailsettingsstore', { token: admin, body: emailSettings(port) });
  expect(res.status).toBe(200);
}
const lastMailTo = (address: string) =>
  t.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpSink();
  admin = await t.signIn();
  await pointMailAt(1);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('the outbox', () => {
  it("seals a new user's temporary password, says it was e-mailed, and the mail arrives with it", async () => {
    const roleId = (await t.db.selectFrom('roles').select('id').where('name', '=', 'Cashier').executeTakeFirstOrThrow())
      .id;
    const res = await t.call('POST', '/api/userstore', {
      token: admin,
      body: {
        name: 'Mukasa Ivan',
        gender: 'Male',
        nin: 'CM000000000991',
        phone_number: '0701000991',
        email: 'mukasa@duka.test',
        role_id: roleId,
        environment: 'PRODUCTION',
      },
    });
    expect(res.body).toMatchObject({
      success: true,
      message: 'User created successfully! The temporary password has been e-mailed to them.',
      data: { mailed: true },
    });
    const temporary: string = res.body.data.temporary_password;
    await t.mail.kick();
    const row = await lastMailTo('mukasa@duka.test');
    expect(row).toMatchObject({ subject: 'Your Duka account', status: 'pending' });
    expect(row.body).toMatch(/^sealed:v1\./);
    expect(row.body).not.toContain(temporary);

    await pointMailAt(smtp.port);
    await t.mail.kick();
    expect(await smtp.waitFor('mukasa@duka.test', /temporary password (\S+),/)).toBe(temporary);
    expect(await lastMailTo('mukasa@duka.test')).toMatchObject({ status: 'sent', body: '' });
    await pointMailAt(1);
  });

  it('seals a password reset, and the mailed temporary password signs in', async () => {
    await t.call('POST', '/api/forgotpassword', { body: { email: DEMO_CASHIER.email } });
    await t.mail.kick();
    const row = await lastMailTo(DEMO_CASHIER.email);
    expect(row).toMatchObject({ subject: 'Your temporary password', status: 'pending' });
    expect(row.body).toMatch(/^sealed:v1\./);
    expect(row.body).not.toContain('temporary password');

    await pointMailAt(smtp.port);
    await t.mail.kick();
    const temporary = await smtp.waitFor(DEMO_CASHIER.email, /choose a new one: (\S+)/);
    expect(row.body).not.toContain(temporary);
    const login = await t.call('POST', '/api/login', { body: { email: DEMO_CASHIER.email, password: temporary } });
    expect(login.body.data.must_change_password).toBe(true);
    await pointMailAt(1);
  });

  it('seals a sign-in code', async () => {
    const on = await t.call('POST', '/api/securitysettingsstore', {
      token: admin,
      body: { ...security, security_settings_2fa: 'Yes' },
    });
    expect(on.status).toBe(200);
    const login = await t.call('POST', '/api/login', {
      body: { email: 'admin@duka.test', password: 'Duka-Admin-2026' },
    });
    expect(login.body.message).toBe('2FA required.');
    await t.mail.kick();
    const row = await lastMailTo('admin@duka.test');
    expect(row).toMatchObject({ subject: 'Your sign-in code', status: 'pending' });
    expect(row.body).toMatch(/^sealed:v1\./);

    await pointMailAt(smtp.port);
    await t.mail.kick();
    const code = await smtp.waitFor('admin@duka.test', /sign-in code is (\d{6})/);
    expect(row.body).not.toContain(code);
    const verified = await t.call('POST', '/api/verifyotp', { body: { otp: code, user_id: login.body.data.user.id } });
    expect(verified.status).toBe(200);
    await t.call('POST', '/api/securitysettingsstore', { token: admin, body: security });
    await pointMailAt(1);
  });

  it('sends a plain notice as it is, and gives up on a body sealed under another key without sending it', async () => {
    await t.db.transaction().execute(async (trx) => {
      await enqueueMail(trx, 'plain@duka.test', 'A notice', 'Nothing secret in here.');
      await enqueueMail(trx, 'foreign@duka.test', 'A code', 'Code 123456', new SecretBox('another-key'));
    });
    await pointMailAt(smtp.port);
    await t.mail.kick();
    expect(await smtp.waitFor('plain@duka.test', /(Nothing secret in here\.)/)).toBe('Nothing secret in here.');
    expect(await lastMailTo('foreign@duka.test')).toMatchObject({
      status: 'failed',
      body: '',
      last_error: 'The mail could not be opened with this secret key.',
    });
    expect(smtp.received.some((m) => m.to.includes('foreign@duka.test'))).toBe(false);
    await pointMailAt(1);
  });

  it('tells the old address when a user changes their own e-mail', async () => {
    const token = await t.signIn();
    const me = (await t.call('GET', '/api/userpersonaldetails', { token })).body.data;
    await pointMailAt(smtp.port);
    const res = await t.call('PUT', `/api/userupdate/${me.id}`, {
      token,
      body: {
        name: me.name,
        phone_number: me.phone_number,
        email: 'owner@duka.test',
        current_password: 'Duka-Admin-2026',
      },
    });
    expect(res.status).toBe(200);
    await t.mail.kick();
    expect(await smtp.waitFor('admin@duka.test', /changed from (admin@duka\.test to owner@duka\.test)/)).toBe(
      'admin@duka.test to owner@duka.test',
    );
  });
});
