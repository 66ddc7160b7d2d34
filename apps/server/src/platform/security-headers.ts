import type { FastifyHelmetOptions } from '@fastify/helmet';

// Security headers on every response (pages, API, files). The built client is one script bundle and one stylesheet
// from this origin, with no inline script; Mantine injects <style> elements and style attributes, hence the one
// 'unsafe-inline' for styles. Images come from this origin (uploaded branding) or data: URLs (Mantine, charts).
export const securityHeaders: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // WebAssembly compiled from this origin's own .wasm (the POS camera's barcode reader); still no eval of JS.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      // No upgrade-insecure-requests: shops reach the app over plain HTTP on their own network, where upgraded
      // requests for the app's own files would fail.
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
};
