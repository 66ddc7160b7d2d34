import { SECURITY_DEFAULTS } from '@duka/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMailSettings, startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_ADMIN, DEMO_CASHIER } from '../../db/seed/demo.ts';

// Two-factor sign-in and password reset, with mail delivered through a real SMTP server.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let adminToken: string;

const security = { ...SECURITY_DEFAULTS, security_settings_2fa: 'Yes' };

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpSink();
  adminToken = await t.signIn();
  const saved = await t.call('POST', '/api/emailsettingsstore', {
    token: adminToken,
    body: localMailSettings(smtp.port),
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const otpCount = async () =>
  (
    await t.db
      .selectFrom('otps')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

async function startTwoFactor(email: string, password: string): Promise<number> {
  const res = await t.call('POST', '/api/login', { body: { email, password } });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('2FA required.');
  expect(res.body.data.token).toBeUndefined();
  return res.body.data.user.id;
}

describe('two-factor sign-in', () => {
  beforeAll(async () => {
    const res = await t.call('POST', '/api/securitysettingsstore', { token: adminToken, body: security });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await t.call('POST', '/api/securitysettingsstore', {
      token: adminToken,
      body: { ...security, security_settings_2fa: 'No' },
    });
  });

  it('mails a code that signs in once, and never shows it in a response or the audit log', async () => {
    const before = await otpCount();
    const id = await startTwoFactor(DEMO_CASHIER.email, DEMO_CASHIER.password);
    await t.mail.kick();
    const code = await smtp.waitFor(DEMO_CASHIER.email, /sign-in code is (\d{6})/);
    expect(await otpCount()).toBe(before + 1);
    const stored = await t.db.selectFrom('otps').select('code_hash').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);

    expect((await t.call('POST', '/api/verifyotp', { body: { user_id: id } })).body.errors.otp).toEqual([
      'OTP is required.',
    ]);
    const ok = await t.call('POST', '/api/verifyotp', { body: { otp: code, user_id: id } });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/api/loggedinuser', { token: ok.body.data.token })).status).toBe(200);
    const again = await t.call('POST', '/api/verifyotp', { body: { otp: code, user_id: id } });
    expect(again.status).toBe(422);
    const audit = await t.db.selectFrom('audit_logs').select('details').execute();
    expect(audit.map((a) => a.details).join(' ')).not.toContain(code);
  });

  it('burns the code after 5 wrong tries and refuses an expired code', async () => {
    const id = await startTwoFactor(DEMO_CASHIER.email, DEMO_CASHIER.password);
    await t.mail.kick();
    const code = await smtp.waitFor(DEMO_CASHIER.email, /sign-in code is (\d{6})/);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await t.call('POST', '/api/verifyotp', { body: { otp: wrong, user_id: id } });
      expect(res.body).toMatchObject({ message: 'Invalid OTP.' });
    }
    expect((await t.call('POST', '/api/verifyotp', { body: { otp: wrong, user_id: id } })).body.message).toBe(
      'Too many wrong codes. Please sign in again.',
    );
    expect((await t.call('POST', '/api/verifyotp', { body: { otp: code, user_id: id } })).status).toBe(422);
    // A resend would otherwise hand out five more tries.
    await sql`update otps set created_at = now() - interval '61 seconds' where user_id = ${id}`.execute(t.db);
    const resend = await t.call('POST', '/api/getotp', { body: { user_id: id } });
    expect(resend.status).toBe(422);
    expect(resend.body.message).toBe('Too many wrong codes. Please sign in again.');

    await startTwoFactor(DEMO_CASHIER.email, DEMO_CASHIER.password);
    await t.mail.kick();
    const fresh = await smtp.waitFor(DEMO_CASHIER.email, /sign-in code is (\d{6})/);
    await t.db
      .updateTable('otps')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await t.call('POST', '/api/verifyotp', { body: { otp: fresh, user_id: id } });
    expect(expired.body.message).toBe('The code has expired. Request a new one, or sign in again.');
  });

  it('resends no sooner than 60 seconds, and only after the password step', async () => {
    const id = await startTwoFactor(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const early = await t.call('POST', '/api/getotp', { body: { user_id: id } });
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^Please wait \d+ seconds? before resending OTP\.$/);
    await sql`update otps set created_at = now() - interval '61 seconds' where user_id = ${id}`.execute(t.db);
    const later = await t.call('POST', '/api/getotp', { body: { user_id: id } });
    expect(later.body).toEqual({ success: true, message: 'New OTP sent successfully!' });
    const stranger = await t.call('POST', '/api/getotp', { body: { user_id: 999999 } });
    expect(stranger.body.message).toBe('User ID not found. Please try logging in again.');
  });

  it('carries wrong tries over to a resent code, and ends resending with the sign-in', async () => {
    const id = await startTwoFactor(DEMO_CASHIER.email, DEMO_CASHIER.password);
    await t.mail.kick();
    const first = await smtp.waitFor(DEMO_CASHIER.email, /sign-in code is (\d{6})/);
    const wrong = first === '000000' ? '111111' : '000000';
    const guess = () => t.call('POST', '/api/verifyotp', { body: { otp: wrong, user_id: id } });
    for (let i = 0; i < 3; i++) expect((await guess()).body.message).toBe('Invalid OTP.');
    const resend = async () => {
      await sql`update otps set created_at = now() - interval '61 seconds' where user_id = ${id}`.execute(t.db);
      return t.call('POST', '/api/getotp', { body: { user_id: id } });
    };
    expect((await resend()).status).toBe(200);
    expect((await guess()).body.message).toBe('Invalid OTP.');
    expect((await guess()).body.message).toBe('Too many wrong codes. Please sign in again.');

    // Fifteen minutes after the password step, resending ends even though each code was fresh.
    const later = await startTwoFactor(DEMO_CASHIER.email, DEMO_CASHIER.password);
    await sql`update otps set sign_in_started_at = now() - interval '16 minutes' where user_id = ${later}`.execute(
      t.db,
    );
    expect((await resend()).body.message).toBe('User ID not found. Please try logging in again.');

    // A verified code ends the sign-in: no more codes for it.
    await startTwoFactor(DEMO_CASHIER.email, DEMO_CASHIER.password);
    await t.mail.kick();
    const code = await smtp.waitFor(DEMO_CASHIER.email, /sign-in code is (\d{6})/);
    expect((await t.call('POST', '/api/verifyotp', { body: { otp: code, user_id: id } })).status).toBe(200);
    expect((await resend()).body.message).toBe('User ID not found. Please try logging in again.');
  });
});

describe('forgot password', () => {
  it('answers the same for unknown and known addresses; the mailed temporary password forces a change', async () => {
    const unknown = await t.call('POST', '/api/forgotpassword', { body: { email: 'ghost@duka.test' } });
    const known = await t.call('POST', '/api/forgotpassword', { body: { email: DEMO_CASHIER.email } });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect((await t.call('POST', '/api/forgotpassword', { body: { email: 'bad' } })).body.message).toBe(
      'Invalid email format.',
    );

    await t.mail.kick();
    const temporary = await smtp.waitFor(DEMO_CASHIER.email, /choose a new one: (\S+)/);
    // The old password keeps working until the temporary one is used and changed.
    expect(
      (await t.call('POST', '/api/login', { body: { email: DEMO_CASHIER.email, password: DEMO_CASHIER.password } }))
        .status,
    ).toBe(200);
    const res = await t.call('POST', '/api/login', { body: { email: DEMO_CASHIER.email, password: temporary } });
    expect(res.body.data.must_change_password).toBe(true);
    const token = res.body.data.token;
    const blocked = await t.call('GET', '/api/userpersonaldetails', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.password_change_required).toBe(true);
    const changed = await t.call('POST', '/api/userchangepassword', {
      token,
      body: {
        current_password: temporary,
        new_password: 'Fresh-Pass-2026',
        new_password_confirmation: 'Fresh-Pass-2026',
      },
    });
    expect(changed.status).toBe(200);
    expect((await t.call('GET', '/api/userpersonaldetails', { token })).status).toBe(200);
    expect(
      (await t.call('POST', '/api/login', { body: { email: DEMO_CASHIER.email, password: temporary } })).status,
    ).toBe(401);
    const audit = await t.db.selectFrom('audit_logs').select('details').execute();
    expect(audit.map((a) => a.details).join(' ')).not.toContain(temporary);
  });

  it('expires the temporary password after 30 minutes', async () => {
    await t.db.updateTable('users').set({ temp_password_expires_at: null }).execute();
    await t.call('POST', '/api/forgotpassword', { body: { email: DEMO_ADMIN.email } });
    await t.mail.kick();
    const temporary = await smtp.waitFor(DEMO_ADMIN.email, /choose a new one: (\S+)/);
    await t.db
      .updateTable('users')
      .set({ temp_password_expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect(
      (await t.call('POST', '/api/login', { body: { email: DEMO_ADMIN.email, password: temporary } })).status,
    ).toBe(401);
  });
});
