import type { FastifyInstance } from 'fastify';

// Security headers on every response (pages, API, files): helmet's set, written out once rather than built per
// request (@fastify/helmet built helmet's middleware anew for every request, parsing the policy each time, a
// measurable share of a sale's server CPU: bench/measurements.md, security headers). The built client is script
// bundles and stylesheets from this origin, with no inline script; Mantine injects <style> elements and style
// attributes, hence the one 'unsafe-inline' for styles. Images come from this origin (uploaded branding) or data: URLs
// (Mantine, charts).
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // WebAssembly compiled from this origin's own .wasm (the POS camera's barcode reader); still no eval of JS.
  "script-src 'self' 'wasm-unsafe-eval'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  // No upgrade-insecure-requests: shops reach the app over plain HTTP on their own network, where upgraded requests
  // for the app's own files would fail.
].join(';');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** Every response of the app, its errors and its 404s included, carries SECURITY_HEADERS. */
export function sendSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
