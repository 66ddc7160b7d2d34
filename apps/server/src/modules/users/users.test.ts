import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditCount,
  DENIED,
  demoRoleIds,
  expectInvalid,
  lastAudit,
  lastAuditOf,
  UNAUTHENTICATED,
} from '../../../test/catalogue-fixtures.ts';
import { crudContract, type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import { xlsxDay, xlsxRows, xlsxSheet } from '../../../test/spreadsheets.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { DEMO_ADMIN, DEMO_CASHIER } from '../../db/seed/demo.ts';

let app: SignedIn;
let t: TestApp;
let admin: string;
let cashier: string;
let adminId: number;
let cashierId: number;
let adminRoleId: number;
let cashierRoleId: number;
let storekeeperRoleId: number;

beforeAll(async () => {
  app = await signedInApp();
  ({ t, admin, cashier, adminId } = app);
  cashierId = await userId(DEMO_CASHIER.email);
  ({ adminRoleId, cashierRoleId, storekeeperRoleId } = await demoRoleIds(t));
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Kampala-Road-7';

async function userId(email: string) {
  return (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}
const userRow = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

let serial = 0;
/** A valid create body with unique e-mail, phone and NIN. */
function userBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return {
    name: `Test User ${n}`,
    gender: 'Female',
    nin: `CF0000000${n}`,
    phone_number: `071000${n}`,
    email: `user${n}@duka.test`,
    role_id: storekeeperRoleId,
    environment: 'TEST',
    ...overrides,
  };
}
async function createUser(overrides: Record<string, unknown> = {}) {
  const body = userBody(overrides);
  const res = await t.call('POST', '/api/userstore', { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...body, id: res.body.data.id as number, temporary_password: res.body.data.temporary_password as string };
}
/** Signs the new user in with the temporary password and sets a real one; answers a usable token. */
async function activate(email: string, temporaryPassword: string) {
  const first = await t.signIn(email, temporaryPassword);
  const changed = await t.call('POST', '/api/userchangepassword', {
    token: first,
    body: { current_password: temporaryPassword, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
  });
  expect(changed.status).toBe(200);
  return first;
}
const download = (path: string, token?: string) => t.download(path, token);
const HEADER = ['User Number', 'Name', 'Gender', 'Contact', 'Email', 'Role', 'Status', 'Date'];
/** The demo Cashier's cells from Name to Status, in XLSX and CSV alike. */
const GRACE_CELLS = ['Grace Namutebi', 'Female', '0772123456', DEMO_CASHIER.email, 'Cashier', 'Unlocked'];
const kampalaDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Kampala',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
const today = () => kampalaDay(new Date()).replace(/-/g, '_');

describe('GET /api/userlist', () => {
  it('lists the users with their role and status, and never a password hash', async () => {
    const res = await t.call('GET', '/api/userlist', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, total: 2, current_page: 1, last_page: 1, from: 1, to: 2 });
    const grace = res.body.data.find((u: { email: string }) => u.email === DEMO_CASHIER.email);
    expect(grace).toMatchObject({
      id: cashierId,
      name: 'Grace Namutebi',
      gender: 'Female',
      nin: 'CF900112345678',
      phone_number: '0772123456',
      role: 'Cashier',
      role_id: cashierRoleId,
      role_is_admin: false,
      is_locked: 0,
      environment: 'PRODUCTION',
    });
    const owner = res.body.data.find((u: { id: number }) => u.id === adminId);
    expect(owner).toMatchObject({ role: 'Administrator', role_is_admin: true });
    expect(grace.user_number).toMatch(/^UR[0-9A-F]{14}$/);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('password');
    expect(text).not.toContain('argon2');
  });

  it('filters by gender and role, and searches name, e-mail, number and role', async () => {
    const female = await t.call('GET', '/api/userlist?gender=Female', { token: admin });
    expect(female.body.data.map((u: { email: string }) => u.email)).toEqual([DEMO_CASHIER.email]);
    const male = await t.call('GET', '/api/userlist?gender=Male', { token: admin });
    expect(male.body.data.map((u: { email: string }) => u.email)).toEqual([DEMO_ADMIN.email]);
    const blank = await t.call('GET', '/api/userlist?gender=&role=', { token: admin });
    expect(blank.body.total).toBe(2);
    const byRole = await t.call('GET', `/api/userlist?role=${adminRoleId}`, { token: admin });
    expect(byRole.body.data.map((u: { email: string }) => u.email)).toEqual([DEMO_ADMIN.email]);
    const both = await t.call('GET', `/api/userlist?role=${adminRoleId}&gender=Female`, { token: admin });
    expect(both.body).toMatchObject({ total: 0, data: [] });
    const bad = await t.call('GET', '/api/userlist?gender=Other', { token: admin });
    expectInvalid(bad, { gender: ['Gender must be Female or Male.'] });
    const badRole = await t.call('GET', '/api/userlist?role=abc', { token: admin });
    expect(badRole.status).toBe(422);
    expect(badRole.body.errors).toEqual({ role: ['Role must be a role id.'] });

    const grace = (await t.call('GET', '/api/userlist?gender=Female', { token: admin })).body.data[0];
    for (const term of ['namutebi', 'CASHIER@DUKA', grace.user_number.slice(2, 10), 'cashier']) {
      const res = await t.call('GET', `/api/userlist?search=${encodeURIComponent(term)}`, { token: admin });
      expect(
        res.body.data.map((u: { email: string }) => u.email),
        term,
      ).toEqual([DEMO_CASHIER.email]);
    }
  });

  it('answers the genders', async () => {
    expect(await t.call('GET', '/api/usergender')).toMatchObject({ status: 401 });
    expect(await t.call('GET', '/api/usergender', { token: cashier })).toMatchObject({ status: 403 });
    const res = await t.call('GET', '/api/usergender', { token: admin });
    expect(res.body).toEqual({ success: true, data: [{ gender: 'Female' }, { gender: 'Male' }] });
  });
});

/** What an empty user form is told, on create (with the environment) and on update alike. */
const USER_FIELDS_REQUIRED = {
  name: ['Name is required.'],
  gender: ['Gender is required.'],
  nin: ['NIN is required.'],
  phone_number: ['Phone number is required.'],
  email: ['Email is required.'],
  role_id: ['Role is required.'],
};

describe('POST /api/userstore', () => {
  it('validates with the original client messages', async () => {
    const empty = await t.call('POST', '/api/userstore', { token: admin, body: {} });
    expectInvalid(empty, USER_FIELDS_REQUIRED);
    const bad = await t.call('POST', '/api/userstore', {
      token: admin,
      body: userBody({
        gender: 'female',
        phone_number: '772123456',
        email: 'no-at-sign',
        nin: 'X'.repeat(15),
        environment: 'LIVE',
      }),
    });
    expect(bad.body.errors).toEqual({
      gender: ['Gender is required.'],
      nin: ['At most 14 characters.'],
      phone_number: ['Invalid phone number format. Please enter only digits.'],
      email: ['Invalid email format.'],
      environment: ['Environment is required.'],
    });
    const letters = await t.call('POST', '/api/userstore', { token: admin, body: userBody({ phone_number: '07a1' }) });
    expect(letters.body.errors).toEqual({ phone_number: ['Invalid phone number format. Please enter only digits.'] });
    const longPhone = await t.call('POST', '/api/userstore', {
      token: admin,
      body: userBody({ phone_number: `0${'1'.repeat(18)}` }),
    });
    expect(longPhone.body.errors).toEqual({ phone_number: ['At most 18 characters.'] });
    const noRole = await t.call('POST', '/api/userstore', { token: admin, body: userBody({ role_id: 999999 }) });
    expectInvalid(noRole, { role_id: ['Role is required.'] });
  });

  it('refuses an e-mail (any case), phone number or NIN that a live user already has', async () => {
    const before = await auditCount(t);
    const cases: [Record<string, string>, string, string][] = [
      [{ email: 'Cashier@Duka.TEST' }, 'email', 'The email has already been taken.'],
      [{ phone_number: '0772123456' }, 'phone_number', 'The phone number has already been taken.'],
      [{ nin: 'CF900112345678' }, 'nin', 'The NIN has already been taken.'],
    ];
    for (const [override, field, message] of cases) {
      const res = await t.call('POST', '/api/userstore', { token: admin, body: userBody(override) });
      expect(res.status, field).toBe(422);
      expect(res.body).toEqual({ success: false, message, errors: { [field]: [message] } });
    }
    expect(await auditCount(t)).toBe(before);
  });

  it('creates the user with a temporary password, shown once, and changed at first sign-in', async () => {
    const body = userBody({ name: 'Okello Peter', gender: 'Male', email: 'Okello@Duka.test' });
    const res = await t.call('POST', '/api/userstore', { token: admin, body });
    expect(res.status).toBe(200);
    // No mail server is configured here: the message must not promise an e-mail.
    expect(res.body).toMatchObject({
      success: true,
      message: 'User created successfully! No mail server is configured: hand them the temporary password in person.',
      data: { mailed: false },
    });
    const { id, temporary_password: temporary, user_number } = res.body.data;
    expect(res.body.data).toMatchObject({ name: 'Okello Peter', email: 'Okello@Duka.test' });
    expect(user_number).toMatch(/^UR[0-9A-F]{14}$/);
    expect(temporary).toEqual(expect.any(String));
    expect(temporary.length).toBeGreaterThanOrEqual(8);

    const row = await userRow(id);
    expect(row).toMatchObject({
      name: 'Okello Peter',
      gender: 'Male',
      role_id: storekeeperRoleId,
      environment: 'TEST',
      must_change_password: true,
      is_locked: false,
      created_by: adminId,
    });
    expect(row.password_hash).not.toContain(temporary);
    // Without a mail server no mail is queued, so no copy of the password waits in the outbox.
    const mails = await t.db.selectFrom('outbox').selectAll().where('to_address', '=', 'Okello@Duka.test').execute();
    expect(mails).toEqual([]);
    const audit = await lastAuditOf(t, { type: 'User', activity: 'Create' });
    expect(audit).toMatchObject({
      details: `Created user "Okello Peter" (${user_number})`,
      user_id: adminId,
      browser: 'Chrome 140',
      platform: 'Linux',
      ip: '127.0.0.1',
    });
    const audits = await t.db.selectFrom('audit_logs').select('details').execute();
    expect(audits.map((a) => a.details).join('\n')).not.toContain(temporary);

    // First sign-in: the temporary password works but must be changed before anything else.
    const login = await t.call('POST', '/api/login', { body: { email: 'okello@duka.test', password: temporary } });
    expect(login.status).toBe(200);
    expect(login.body.data.must_change_password).toBe(true);
    const first = login.body.data.token;
    const blocked = await t.call('GET', '/api/userpersonaldetails', { token: first });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({
      message: 'You must change your password before continuing.',
      password_change_required: true,
    });
    const changed = await t.call('POST', '/api/userchangepassword', {
      token: first,
      body: { current_password: temporary, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await userRow(id)).must_change_password).toBe(false);
    expect((await t.call('GET', '/api/userpersonaldetails', { token: first })).status).toBe(200);
    const again = await t.call('POST', '/api/login', { body: { email: 'okello@duka.test', password: NEW_PASSWORD } });
    expect(again.body.data.must_change_password).toBe(false);
  });

  it("frees a trashed user's e-mail, phone and NIN for a new user", async () => {
    const gone = await createUser();
    expect((await t.call('DELETE', `/api/userdelete/${gone.id}`, { token: admin })).status).toBe(200);
    const reuse = await t.call('POST', '/api/userstore', {
      token: admin,
      body: { ...userBody(), email: gone.email, phone_number: gone.phone_number, nin: gone.nin },
    });
    expect(reuse.status).toBe(200);
  });
});

describe('GET /api/usershow/:id', () => {
  it('shows the user with the role name', async () => {
    const res = await t.call('GET', `/api/usershow/${cashierId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      name: 'Grace Namutebi',
      gender: 'Female',
      nin: 'CF900112345678',
      phone_number: '0772123456',
      email: DEMO_CASHIER.email,
      role: 'Cashier',
      role_id: cashierRoleId,
    });
    expect(res.body.data.user_number).toMatch(/^UR/);
    expect(new Date(res.body.data.created_at).getTime()).not.toBeNaN();
    expect(JSON.stringify(res.body)).not.toContain('password');
  });
});

describe('PUT /api/userupdate/:id', () => {
  const edit = (id: number, body: Record<string, unknown>, token = admin) =>
    t.call('PUT', `/api/userupdate/${id}`, { token, body });

  it('validates with the original client messages and answers 404 for an unknown id', async () => {
    const target = await createUser();
    const res = await edit(target.id, {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(USER_FIELDS_REQUIRED);
    const clash = await edit(target.id, { ...target, email: DEMO_CASHIER.email.toUpperCase() });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ email: ['The email has already been taken.'] });
    const ninClash = await edit(target.id, { ...target, nin: 'CF900112345678' });
    expect(ninClash.body.errors).toEqual({ nin: ['The NIN has already been taken.'] });
    const noRole = await edit(target.id, { ...target, role_id: 999999 });
    expect(noRole.body.errors).toEqual({ role_id: ['Role is required.'] });
    const unknown = await edit(999999, {
      ...target,
      email: 'ghost@duka.test',
      phone_number: '0799999999',
      nin: 'GHOST',
    });
    expect(unknown).toMatchObject({ status: 404, body: { success: false, message: 'User not found.' } });
  });

  it('updates every field, keeping its own e-mail, and audits from/to of what changed', async () => {
    const target = await createUser({ name: 'Achieng Mary', gender: 'Female' });
    const res = await edit(target.id, {
      name: 'Achieng M. Otieno',
      gender: 'Female',
      nin: target.nin,
      phone_number: '0755000111',
      email: target.email.toUpperCase(),
      role_id: cashierRoleId,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'User updated successfully!' });
    expect(await userRow(target.id)).toMatchObject({
      name: 'Achieng M. Otieno',
      phone_number: '0755000111',
      email: target.email.toUpperCase(),
      role_id: cashierRoleId,
    });
    expect(await lastAudit(t)).toMatchObject({
      type: 'User',
      activity: 'Update',
      user_id: adminId,
      details:
        `User ${target.id} from: {"name":"Achieng Mary","phone_number":"${target.phone_number}","email":"${target.email}","role_id":${storekeeperRoleId}} ` +
        `to: {"name":"Achieng M. Otieno","phone_number":"0755000111","email":"${target.email.toUpperCase()}","role_id":${cashierRoleId}}`,
    });
  });

  it("audits an administrator's change of another user's e-mail in a row of its own", async () => {
    const target = await createUser({ name: 'Nakato Joan' });
    const res = await edit(target.id, { ...target, email: 'joan.nakato@duka.test' });
    expect(res.status).toBe(200);
    expect(await lastAudit(t)).toMatchObject({
      type: 'User',
      activity: 'Email change',
      user_id: adminId,
      details: `E-mail of user "Nakato Joan" (id ${target.id}) changed from ${target.email} to joan.nakato@duka.test`,
    });
    const unchanged = await auditCount(t);
    expect((await edit(target.id, { ...target, email: 'joan.nakato@duka.test', name: 'Joan N.' })).status).toBe(200);
    expect(await auditCount(t)).toBe(unchanged + 1);
    expect((await lastAudit(t)).activity).toBe('Update');
  });

  it("keeps an administrator's own role and NIN: self-edit is a profile edit", async () => {
    const res = await edit(adminId, {
      name: 'Administrator',
      gender: 'Female',
      nin: 'CHANGED',
      phone_number: '0700000000',
      email: DEMO_ADMIN.email,
      role_id: cashierRoleId,
    });
    expect(res.body).toEqual({ success: true, message: 'Personal details updated successfully!' });
    expect(await userRow(adminId)).toMatchObject({ role_id: adminRoleId, nin: 'ADMIN', gender: 'Male' });
  });
});

describe('PUT /api/userlockunlock/:id', () => {
  it('refuses a missing token, a user without userLockUnlock, an unknown id and oneself', async () => {
    expect(await t.call('PUT', `/api/userlockunlock/${cashierId}`)).toMatchObject({
      status: 401,
      body: UNAUTHENTICATED,
    });
    expect(await t.call('PUT', `/api/userlockunlock/${adminId}`, { token: cashier })).toMatchObject({
      status: 403,
      body: DENIED,
    });
    expect(await t.call('PUT', '/api/userlockunlock/999999', { token: admin })).toMatchObject({
      status: 404,
      body: { success: false, message: 'User not found.' },
    });
    const self = await t.call('PUT', `/api/userlockunlock/${adminId}`, { token: admin });
    expect(self).toMatchObject({ status: 409, body: { success: false, message: 'You cannot lock your own account.' } });
    expect((await userRow(adminId)).is_locked).toBe(false);
  });

  it("locks a user, ending the user's sessions, and unlocks again; both audited", async () => {
    const target = await createUser();
    const token = await activate(target.email, target.temporary_password);
    const otherDevice = await t.signIn(target.email, NEW_PASSWORD);
    expect((await t.call('GET', '/api/loggedinuser', { token })).status).toBe(200);

    const lock = await t.call('PUT', `/api/userlockunlock/${target.id}`, { token: admin });
    expect(lock.status).toBe(200);
    expect(lock.body).toEqual({ success: true, message: 'User locked successfully!', data: { is_locked: 1 } });
    expect((await userRow(target.id)).is_locked).toBe(true);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', target.id).execute()).toEqual([]);
    expect((await t.call('GET', '/api/loggedinuser', { token })).status).toBe(401);
    expect((await t.call('GET', '/api/loggedinuser', { token: otherDevice })).status).toBe(401);
    const refused = await t.call('POST', '/api/login', { body: { email: target.email, password: NEW_PASSWORD } });
    expect(refused).toMatchObject({
      status: 401,
      body: { message: 'Your account is locked. Please contact your administrator.' },
    });
    const listed = await t.call('GET', `/api/usershow/${target.id}`, { token: admin });
    expect(listed.body.data.is_locked).toBe(1);
    const lockAudit = await lastAuditOf(t, { activity: 'Lock' });
    expect(lockAudit).toMatchObject({
      type: 'User',
      user_id: adminId,
      details: `Locked user "${target.name}" (id ${target.id})`,
    });

    const unlock = await t.call('PUT', `/api/userlockunlock/${target.id}`, { token: admin });
    expect(unlock.body).toEqual({ success: true, message: 'User unlocked successfully!', data: { is_locked: 0 } });
    expect(await lastAudit(t)).toMatchObject({
      type: 'User',
      activity: 'Unlock',
      details: `Unlocked user "${target.name}" (id ${target.id})`,
    });
    const back = await t.call('POST', '/api/login', { body: { email: target.email, password: NEW_PASSWORD } });
    expect(back.status).toBe(200);
  });

  it('shows an account locked after failed sign-ins as locked, and unlocks it with one click', async () => {
    const target = await createUser();
    for (let i = 0; i < 5; i++) {
      const wrong = await t.call('POST', '/api/login', { body: { email: target.email, password: `wrong-${i}` } });
      expect(wrong.status).toBe(401);
    }
    expect((await userRow(target.id)).locked_until).not.toBeNull();
    expect((await t.call('GET', `/api/usershow/${target.id}`, { token: admin })).body.data.is_locked).toBe(1);
    const unlock = await t.call('PUT', `/api/userlockunlock/${target.id}`, { token: admin });
    expect(unlock.body.message).toBe('User unlocked successfully!');
    expect(await userRow(target.id)).toMatchObject({ is_locked: false, failed_attempts: 0, locked_until: null });
    const login = await t.call('POST', '/api/login', {
      body: { email: target.email, password: target.temporary_password },
    });
    expect(login.status).toBe(200);
  });
});

describe('DELETE /api/userdelete/:id and /api/usersdelete', () => {
  it('refuses to delete oneself, alone or in a selection, and deletes nothing then', async () => {
    const other = await createUser();
    const self = await t.call('DELETE', `/api/userdelete/${adminId}`, { token: admin });
    expect(self).toMatchObject({
      status: 409,
      body: { success: false, message: 'You cannot delete your own account.' },
    });
    const bulk = await t.call('DELETE', '/api/usersdelete', { token: admin, body: { user_ids: [other.id, adminId] } });
    expect(bulk.status).toBe(409);
    expect(bulk.body.message).toBe('You cannot delete your own account.');
    expect((await userRow(other.id)).deleted_at).toBeNull();
    expect((await userRow(adminId)).deleted_at).toBeNull();
  });

  it("moves the user to the trash, ending the user's sessions, and audits it", async () => {
    const target = await createUser({ name: 'Leaving Soon' });
    const token = await activate(target.email, target.temporary_password);
    const res = await t.call('DELETE', `/api/userdelete/${target.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'User deleted successfully!' });
    expect((await userRow(target.id)).deleted_at).toBeInstanceOf(Date);
    expect((await t.call('GET', '/api/loggedinuser', { token })).status).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', target.id).execute()).toEqual([]);
    expect(await lastAudit(t)).toMatchObject({
      type: 'User',
      activity: 'Delete',
      user_id: adminId,
      details: `Moved user "Leaving Soon (${target.email})" (id ${target.id}) to the trash`,
    });
    expect((await t.call('GET', `/api/usershow/${target.id}`, { token: admin })).status).toBe(404);
    const login = await t.call('POST', '/api/login', { body: { email: target.email, password: NEW_PASSWORD } });
    expect(login.status).toBe(401);
  });
});

describe('Administrator accounts and a user manager without the Administrator role', () => {
  let supervisor: string;
  beforeAll(async () => {
    const role = await t.call('POST', '/api/rolestore', {
      token: admin,
      body: { name: 'Supervisor', environment: 'TEST' },
    });
    await t.call('POST', `/api/assignmenus/${role.body.data.id}`, {
      token: admin,
      body: {
        selectedMenus: ['userList', 'userAdd', 'userEdit', 'userDelete', 'userBulkDelete', 'userLockUnlock'],
      },
    });
    const user = await createUser({ role_id: role.body.data.id });
    supervisor = await activate(user.email, user.temporary_password);
  });
  const adminBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Administrator',
    gender: 'Male',
    nin: 'ADMIN',
    phone_number: '0700000000',
    email: DEMO_ADMIN.email,
    role_id: adminRoleId,
    ...overrides,
  });

  it('may not create an Administrator: private keys come only with that role', async () => {
    const body = userBody({ role_id: adminRoleId });
    const res = await t.call('POST', '/api/userstore', { token: supervisor, body });
    expect(res).toMatchObject({ status: 403, body: DENIED });
    expect(
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', body.email as string)
        .executeTakeFirst(),
    ).toBeUndefined();
    // A user manager may still create users in other roles.
    expect((await t.call('POST', '/api/userstore', { token: supervisor, body: userBody() })).status).toBe(200);
  });

  it('may neither move a user into the Administrator role nor edit an Administrator account', async () => {
    const target = await createUser();
    const promote = await t.call('PUT', `/api/userupdate/${target.id}`, {
      token: supervisor,
      body: { ...target, role_id: adminRoleId },
    });
    expect(promote).toMatchObject({ status: 403, body: DENIED });
    expect((await userRow(target.id)).role_id).toBe(storekeeperRoleId);
    // Taking over the Administrator's e-mail would let a password reset take over the account.
    const takeover = await t.call('PUT', `/api/userupdate/${adminId}`, {
      token: supervisor,
      body: adminBody({ email: 'supervisor-owned@duka.test' }),
    });
    expect(takeover).toMatchObject({ status: 403, body: DENIED });
    const demote = await t.call('PUT', `/api/userupdate/${adminId}`, {
      token: supervisor,
      body: adminBody({ role_id: cashierRoleId }),
    });
    expect(demote).toMatchObject({ status: 403, body: DENIED });
    expect(await userRow(adminId)).toMatchObject({ email: DEMO_ADMIN.email, role_id: adminRoleId });
    // Other users are the manager's to edit.
    const rename = await t.call('PUT', `/api/userupdate/${target.id}`, {
      token: supervisor,
      body: { ...target, name: 'Renamed By Supervisor' },
    });
    expect(rename.status).toBe(200);
  });

  it('may neither lock nor delete an Administrator; another Administrator may', async () => {
    const second = await createUser({ role_id: adminRoleId });
    const before = await auditCount(t);
    for (const target of [adminId, second.id]) {
      const lock = await t.call('PUT', `/api/userlockunlock/${target}`, { token: supervisor });
      expect(lock).toMatchObject({ status: 403, body: DENIED });
      const del = await t.call('DELETE', `/api/userdelete/${target}`, { token: supervisor });
      expect(del).toMatchObject({ status: 403, body: DENIED });
      const bulk = await t.call('DELETE', '/api/usersdelete', { token: supervisor, body: { user_ids: [target] } });
      expect(bulk.status).toBe(403);
      expect(await userRow(target)).toMatchObject({ is_locked: false, deleted_at: null, role_id: adminRoleId });
    }
    expect(await auditCount(t)).toBe(before);

    expect((await t.call('PUT', `/api/userlockunlock/${second.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('PUT', `/api/userlockunlock/${second.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/userdelete/${second.id}`, { token: admin })).status).toBe(200);
    // The trash key is public, but a trashed Administrator stays the Administrators' to restore or remove.
    const supervisorRole = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Supervisor')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('role_permissions').values({ role_id: supervisorRole.id, permission_key: 'trash' }).execute();
    const restore = await t.call('PUT', `/api/trashrestore/user/${second.id}`, { token: supervisor });
    expect(restore).toMatchObject({ status: 403, body: DENIED });
    const purge = await t.call('DELETE', `/api/trashdelete/user/${second.id}`, { token: supervisor });
    expect(purge).toMatchObject({ status: 403, body: DENIED });
    expect((await userRow(second.id)).deleted_at).not.toBeNull();
    expect((await t.call('PUT', `/api/trashrestore/user/${second.id}`, { token: admin })).status).toBe(200);
    // Other users stay the manager's to lock.
    const other = await createUser();
    expect((await t.call('PUT', `/api/userlockunlock/${other.id}`, { token: supervisor })).status).toBe(200);
  });
});

describe('exports', () => {
  it('refuse a missing token and a user without userExport', async () => {
    for (const path of ['/api/userxlsx', '/api/usercsv']) {
      expect((await download(path)).status).toBe(401);
      expect((await download(path, cashier)).status).toBe(403);
    }
  });

  it('export the filtered users to XLSX with the list columns', async () => {
    const res = await download('/api/userxlsx', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${today()}_users.xlsx"`);
    const rows = await xlsxRows(res.bytes);
    expect(rows[0]).toEqual(HEADER);
    // The header in bold, the rows plain, every column at least 12 characters wide.
    const sheet = await xlsxSheet(res.bytes);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.columns.map((c) => c.width ?? 0).every((width) => width >= 12)).toBe(true);
    const live = await t.call('GET', '/api/userlist?pagination_size=100', { token: admin });
    expect(rows).toHaveLength(live.body.total + 1);
    const grace = rows.find((r) => r[4] === DEMO_CASHIER.email);
    const graceUser = live.body.data.find((u: { email: string }) => u.email === DEMO_CASHIER.email);
    expect(grace).toEqual([
      graceUser.user_number,
      ...GRACE_CELLS,
      xlsxDay(kampalaDay((await userRow(cashierId)).created_at)),
    ]);

    const filtered = await xlsxRows((await download(`/api/userxlsx?gender=Male&role=${adminRoleId}`, admin)).bytes);
    expect(filtered.slice(1).map((r) => r[4])).toEqual([DEMO_ADMIN.email]);
    expect((await download('/api/userxlsx?gender=Other', admin)).status).toBe(422);
  });

  it('export to CSV, writing cells that start with = + - @ as text', async () => {
    const risky = ['=HYPERLINK("http://evil.test","x")', '+256 Trader', '-1+1', '@SUM(A1)'];
    for (const name of risky) await createUser({ name, role_id: cashierRoleId });
    const res = await download('/api/usercsv', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${today()}_users.csv"`);
    const rows: string[][] = parse(res.bytes.toString('utf8'));
    expect(rows[0]).toEqual(HEADER);
    const names = rows.slice(1).map((r) => r[1]);
    for (const name of risky) expect(names).toContain(`'${name}`);
    expect(names).toContain('Grace Namutebi');
    const grace = rows.find((r) => r[4] === DEMO_CASHIER.email);
    expect(grace?.slice(1, 7)).toEqual(GRACE_CELLS);

    // The XLSX keeps the text as it is, as a string and never as a formula.
    const xlsx = await xlsxRows((await download('/api/userxlsx', admin)).bytes);
    const xlsxNames = xlsx.slice(1).map((r) => r[1]);
    for (const name of risky) expect(xlsxNames).toContain(name);

    const search = parse((await download(`/api/usercsv?search=${encodeURIComponent('HYPERLINK')}`, admin)).bytes);
    expect(search).toHaveLength(2);
  });

  it("dates rows by the shop's day, not UTC's", async () => {
    const late = await createUser({ name: 'Night Shift' });
    // 22:30 UTC on 1 March is 01:30 on 2 March in Kampala.
    await sql`UPDATE users SET created_at = '2026-03-01T22:30:00Z' WHERE id = ${late.id}`.execute(t.db);
    const rows: string[][] = parse((await download('/api/usercsv?search=Night%20Shift', admin)).bytes);
    expect(rows[1]?.[7]).toBe('2026-03-02');
  });

  it('use the configured shop time zone for the file name and the rows', async () => {
    const day = (timeZone: string, at = new Date()) =>
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
    // One of these two zones, 26 hours apart, is always on another day than Kampala.
    const zone = ['Etc/GMT+12', 'Etc/GMT-14'].find((z) => day(z) !== day('Africa/Kampala')) as string;
    const app = await buildApp({
      db: t.db,
      secrets: {} as never,
      mail: {} as never,
      authRateLimit: 1000,
      timeZone: zone,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const user = await createUser({ name: 'Zoned Export' });
      const createdAt = new Date('2026-03-01T12:30:00Z');
      await sql`UPDATE users SET created_at = ${createdAt} WHERE id = ${user.id}`.execute(t.db);
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const headers = { authorization: `Bearer ${admin}` };
      // Bodies are read before any assertion, so a failure never leaves a response open on the closing app.
      const csv = await fetch(`${url}/api/usercsv?search=Zoned%20Export`, { headers });
      const rows: string[][] = parse(await csv.text());
      const pdf = await fetch(`${url}/api/userpdf/${user.id}`, { headers });
      await pdf.arrayBuffer();
      expect(csv.headers.get('content-disposition')).toBe(
        `attachment; filename="${day(zone).replace(/-/g, '_')}_users.csv"`,
      );
      expect(rows[1]?.[7]).toBe(day(zone, createdAt));
      expect(pdf.headers.get('content-disposition')).toBe(
        `attachment; filename="${day(zone).replace(/-/g, '_')}_user_${user.id}.pdf"`,
      );
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/userpdf/:id', () => {
  it('refuses a missing token, a user without userList and an unknown id', async () => {
    expect((await download(`/api/userpdf/${cashierId}`)).status).toBe(401);
    expect((await download(`/api/userpdf/${cashierId}`, cashier)).status).toBe(403);
    const unknown = await t.call('GET', '/api/userpdf/999999', { token: admin });
    expect(unknown).toMatchObject({ status: 404, body: { success: false, message: 'User not found.' } });
  });

  it("answers the user's record as a PDF named by the user id", async () => {
    const res = await download(`/api/userpdf/${cashierId}`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${today()}_user_${cashierId}.pdf"`);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(res.bytes.length).toBeGreaterThan(1000);
  });
});

crudContract(() => app, {
  word: 'user',
  label: 'User',
  bulkDelete: { path: '/api/usersdelete', field: 'user_ids' },
  table: 'users',
  make: async (name) => (await createUser({ name })).id,
  storeBody: (name) => userBody({ name }),
  updateBody: (name) => {
    const { environment: _environment, ...fields } = userBody({ name });
    return fields;
  },
  shown: () => ({ role: 'Storekeeper', role_id: storekeeperRoleId }),
  trashName: async (id) => {
    const user = await userRow(id);
    return `${user.name} (${user.email})`;
  },
});
