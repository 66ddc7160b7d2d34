// A password reset does the same work whatever the address: unknown, registered, or registered and sent a password
// in the last minute. Its time is nearly all the one password hash, so each path must hash exactly once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';

vi.mock('../../platform/passwords.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../platform/passwords.ts')>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword), verifyPassword: vi.fn(actual.verifyPassword) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** One reset request: its answer, and the passwords it hashed and verified. */
async function reset(email: string) {
  vi.mocked(hashPassword).mockClear();
  vi.mocked(verifyPassword).mockClear();
  const res = await t.call('POST', '/api/forgotpassword', { body: { email } });
  const hashed = vi.mocked(hashPassword).mock.calls.map(([password]) => password);
  return { status: res.status, body: res.body, hashed, verified: vi.mocked(verifyPassword).mock.calls.length };
}

describe('POST /api/forgotpassword', () => {
  it('hashes one temporary password for an unknown address, a registered one, and one within its cooldown', async () => {
    const unknown = await reset('ghost@duka.test');
    const issued = await reset(DEMO_CASHIER.email);
    const coolingDown = await reset(DEMO_CASHIER.email);
    for (const path of [unknown, issued, coolingDown]) {
      expect(path.status).toBe(200);
      expect(path.body).toEqual(issued.body);
      expect(path.hashed).toHaveLength(1);
      // A temporary password like the one mailed: 14 characters, every class.
      expect(path.hashed[0]).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!@#$%*?]).{14}$/);
      expect(path.verified).toBe(0);
    }
    // Only the registered address outside its cooldown was given a password.
    const mails = await t.db.selectFrom('outbox').select('to_address').execute();
    expect(mails).toEqual([{ to_address: DEMO_CASHIER.email }]);
    const audits = await t.db
      .selectFrom('audit_logs')
      .select('details')
      .where('activity', '=', 'Password reset requested')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.details)).toEqual([
      'Unknown e-mail ghost@duka.test: nothing sent',
      'Temporary password e-mailed',
      'Asked again within 60 seconds: nothing sent',
    ]);
  });
});
