import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('come on every response: a public call, a signed-in call, a refusal and an unknown path', async () => {
    const token = await t.signIn();
    const responses = [
      await t.call('GET', '/api/health'),
      await t.call('GET', '/api/loggedinuser', { token }),
      await t.call('GET', '/api/userlist'),
      await t.call('GET', '/api/no-such-call'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 401, 404]);
    for (const { headers } of responses) {
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // Inline scripts stay forbidden; only styles may be inline (Mantine).
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      // No eval of JavaScript; WebAssembly may compile (the POS camera's barcode reader, served from this origin).
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
      // Shops reach the app over plain HTTP on their own network: nothing may be upgraded to HTTPS.
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('same-origin');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-powered-by')).toBeNull();
    }
  });
});
