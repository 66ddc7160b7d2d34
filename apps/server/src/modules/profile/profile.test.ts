import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';

let t: TestApp;
let token: string;
let me: { id: number; name: string; email: string; phone_number: string };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
  me = (await t.call('GET', '/api/userpersonaldetails', { token })).body.data;
});
afterAll(() => t.close());

const change = (body: Record<string, string>, auth = token) =>
  t.call('POST', '/api/userchangepassword', { token: auth, body });
/** The cashier's change to `password`, typed twice alike, proving `current` (her own password unless told). */
const changeTo = (password: string, current = DEMO_CASHIER.password) =>
  change({ current_password: current, new_password: password, new_password_confirmation: password });

describe('profile', () => {
  it('shows the own details with the role', async () => {
    expect(me).toMatchObject({ name: 'Grace Namutebi', email: DEMO_CASHIER.email, gender: 'Female', role: 'Cashier' });
    const roles = await t.call('GET', '/api/userroles', { token });
    expect(roles.body.data.map((r: { name: string }) => r.name)).toEqual(['Administrator', 'Cashier', 'Storekeeper']);
  });

  it('validates with the original client messages', async () => {
    const res = await t.call('PUT', `/api/userupdate/${me.id}`, {
      token,
      body: { name: ' ', email: 'x', phone_number: '77' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: ['Name is required.'],
      email: ['Invalid email format.'],
      phone_number: ['Invalid phone number format. Please enter only digits.'],
    });
    const missing = await t.call('PUT', `/api/userupdate/${me.id}`, { token, body: {} });
    expect(missing.body.errors.phone_number).toEqual(['Phone number is required.']);
  });

  it('refuses to edit someone else and an e-mail already taken', async () => {
    const other = await t.call('PUT', `/api/userupdate/${me.id + 100}`, {
      token,
      body: { name: 'X', email: 'x@duka.test', phone_number: '0700000001' },
    });
    expect(other.status).toBe(403);
    const taken = await t.call('PUT', `/api/userupdate/${me.id}`, {
      token,
      body: {
        name: 'Grace',
        email: 'ADMIN@duka.test',
        phone_number: '0772123456',
        current_password: DEMO_CASHIER.password,
      },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual(['The email has already been taken.']);
  });

  it('updates name, e-mail and phone only, with a from/to audit row', async () => {
    const res = await t.call('PUT', `/api/userupdate/${me.id}`, {
      token,
      body: { name: 'Grace N.', email: DEMO_CASHIER.email, phone_number: '0772999888', gender: 'Male', nin: 'HACK' },
    });
    expect(res.body).toEqual({ success: true, message: 'Personal details updated successfully!' });
    const now = (await t.call('GET', '/api/userpersonaldetails', { token })).body.data;
    expect(now).toMatchObject({
      name: 'Grace N.',
      phone_number: '0772999888',
      gender: 'Female',
      nin: 'CF900112345678',
    });
    const audit = await t.db.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.details).toBe(
      'Own profile from: {"name":"Grace Namutebi","phone_number":"0772123456"} to: {"name":"Grace N.","phone_number":"0772999888"}',
    );
  });
});

describe("changing one's own e-mail address", () => {
  const outboxTo = (address: string) =>
    t.db.selectFrom('outbox').selectAll().where('to_address', '=', address).orderBy('id').execute();
  const details = { name: 'Grace N.', phone_number: '0772999888' };

  it('needs the current password, and changes nothing without it', async () => {
    const before = await t.db.selectFrom('audit_logs').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    for (const current_password of [undefined, '', 'Not-My-Password-1']) {
      const res = await t.call('PUT', `/api/userupdate/${me.id}`, {
        token,
        body: { ...details, email: 'grace.new@duka.test', current_password },
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        success: false,
        message: 'The current password is incorrect.',
        errors: { current_password: ['The current password is incorrect.'] },
      });
    }
    expect((await t.call('GET', '/api/userpersonaldetails', { token })).body.data.email).toBe(DEMO_CASHIER.email);
    expect(await outboxTo(DEMO_CASHIER.email)).toEqual([]);
    const after = await t.db.selectFrom('audit_logs').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(after.id).toBe(before.id);
  });

  it('changes it with the current password and tells the old address', async () => {
    const res = await t.call('PUT', `/api/userupdate/${me.id}`, {
      token,
      body: { ...details, email: 'grace.new@duka.test', current_password: DEMO_CASHIER.password },
    });
    expect(res.body).toEqual({ success: true, message: 'Personal details updated successfully!' });
    expect((await t.call('GET', '/api/userpersonaldetails', { token })).body.data.email).toBe('grace.new@duka.test');
    const notices = await outboxTo(DEMO_CASHIER.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('Your Duka e-mail address was changed');
    expect(await outboxTo('grace.new@duka.test')).toEqual([]);
    const audit = await t.db.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.details).toBe(
      `Own profile from: {"email":"${DEMO_CASHIER.email}"} to: {"email":"grace.new@duka.test"}`,
    );
    expect(audit.details).not.toContain(DEMO_CASHIER.password);
  });

  it('asks for no password when only the name or phone changes, or the e-mail only in case', async () => {
    const res = await t.call('PUT', `/api/userupdate/${me.id}`, {
      token,
      body: { name: 'Grace Namutebi', phone_number: '0772123456', email: 'Grace.New@duka.test' },
    });
    expect(res.body).toEqual({ success: true, message: 'Personal details updated successfully!' });
    expect(await outboxTo('grace.new@duka.test')).toEqual([]);
    // Back to the demo address, which the tests below sign in with.
    const back = await t.call('PUT', `/api/userupdate/${me.id}`, {
      token,
      body: { ...details, email: DEMO_CASHIER.email, current_password: DEMO_CASHIER.password },
    });
    expect(back.status).toBe(200);
    expect(await outboxTo('Grace.New@duka.test')).toHaveLength(1);
  });
});

describe('change password', () => {
  it('checks confirmation, the current password and the policy', async () => {
    expect((await change({})).body.errors).toEqual({
      current_password: ['current password is required.'],
      new_password: ['new password is required.'],
      new_password_confirmation: ['confirm new password is required.'],
    });
    const mismatch = await change({
      current_password: 'a',
      new_password: 'Abcdefgh1',
      new_password_confirmation: 'Abcdefgh2',
    });
    expect(mismatch.body.errors.new_password_confirmation).toEqual(['Passwords do not match.']);
    const wrong = await changeTo('Abcdefgh1', 'nope');
    expect(wrong.body.errors.current_password).toEqual(['The current password is incorrect.']);
    const short = await changeTo('short');
    expect(short.body.errors.new_password).toEqual(['The password must have at least 8 characters.']);
    const common = await changeTo('Password123');
    expect(common.body.errors.new_password).toEqual(['This password is too common. Choose another one.']);
  });

  it('enforces the character classes the policy switches on', async () => {
    const admin = await t.signIn();
    const policy = (await t.call('GET', '/api/securitysettingslist', { token: admin })).body.data;
    await t.call('POST', '/api/securitysettingsstore', {
      token: admin,
      body: {
        ...policy,
        security_settings_symbols: 'Yes',
        security_settings_uppercase: 'Yes',
        security_settings_length: 10,
      },
    });
    const noSymbol = await changeTo('Abcdefghij1');
    expect(noSymbol.body.errors.new_password).toEqual(['The password must contain a symbol.']);
    const tooShort = await changeTo('Abc-defg1');
    expect(tooShort.body.errors.new_password).toEqual(['The password must have at least 10 characters.']);
    await t.call('POST', '/api/securitysettingsstore', { token: admin, body: policy });
  });

  it('changes the password, ends the other sessions and refuses the last N passwords', async () => {
    const otherDevice = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    const ok = await changeTo('Kampala-Road-7');
    expect(ok.body).toEqual({ success: true, message: 'Password changed successfully!' });
    expect((await t.call('GET', '/api/loggedinuser', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/loggedinuser', { token: otherDevice })).status).toBe(401);
    const reuse = await change({
      current_password: 'Kampala-Road-7',
      new_password: DEMO_CASHIER.password,
      new_password_confirmation: DEMO_CASHIER.password,
    });
    expect(reuse.body.errors.new_password).toEqual(['The new password must differ from your last 5 passwords.']);
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('activity', '=', 'Password change')
      .executeTakeFirstOrThrow();
    expect(audit.details).not.toContain('Kampala-Road-7');
  });

  it('makes an expired password change first', async () => {
    await t.db
      .updateTable('users')
      .set({ password_changed_at: new Date(Date.now() - 200 * 86_400_000) })
      .where('id', '=', me.id)
      .execute();
    const res = await t.call('POST', '/api/login', { body: { email: DEMO_CASHIER.email, password: 'Kampala-Road-7' } });
    expect(res.body.data.must_change_password).toBe(true);
    const blocked = await t.call('GET', '/api/userroles', { token: res.body.data.token });
    expect(blocked.status).toBe(403);
    expect(
      (await t.call('GET', '/api/loggedinuser', { token: res.body.data.token })).body.data.user.must_change_password,
    ).toBe(true);
  });
});
