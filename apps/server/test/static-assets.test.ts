// The built web client over HTTP: precompressed brotli/gzip copies sent to browsers that take them,
// hashed assets cached for a year, index.html revalidated, client routes falling back to index.html.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-web-'));
const script = `console.log(${JSON.stringify('Duka '.repeat(2000))});\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbC_12-z.js"></script></head><body>${'<!-- shop -->'.repeat(200)}</body></html>`;

let t: TestApp;
beforeAll(async () => {
  fs.mkdirSync(path.join(webRoot, 'assets'));
  const js = path.join(webRoot, 'assets', 'index-AbC_12-z.js');
  fs.writeFileSync(js, script);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(path.join(webRoot, 'index.html'), html);
  fs.writeFileSync(path.join(webRoot, 'index.html.gz'), zlib.gzipSync(html));
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** A GET with exactly the given Accept-Encoding (fetch would add its own and decode). */
function get(url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('the built web client', () => {
  it('sends a hashed script as brotli, gzip or plain as the browser asks, cached for a year', async () => {
    const url = `${t.url}/assets/index-AbC_12-z.js`;
    const br = await get(url, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html, at the root and as the fallback of a client route', async () => {
    for (const route of ['/', '/index.html', '/dashboard', '/stockupdate/12']) {
      const res = await get(t.url + route, 'gzip');
      expect(res.status, route).toBe(200);
      expect(res.headers['cache-control'], route).toBe('no-cache');
      expect(res.headers['content-encoding'], route).toBe('gzip');
      expect(zlib.gunzipSync(res.body).toString(), route).toBe(html);
    }
  });

  it('answers a HEAD of a client route as its GET, without the page', async () => {
    const res = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }>(
      (resolve, reject) => {
        http
          .request(`${t.url}/stockupdate/12`, { method: 'HEAD' }, (answer) => {
            let bytes = 0;
            answer.on('data', (c: Buffer) => {
              bytes += c.length;
            });
            answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, bytes }));
          })
          .on('error', reject)
          .end();
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.bytes).toBe(0);
  });

  it('answers 404 for a missing asset or API call instead of the page', async () => {
    const asset = await get(`${t.url}/assets/index-Gone1234.js`, 'br');
    expect(asset.status).toBe(404);
    const api = await get(`${t.url}/api/no-such-call`);
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString())).toEqual({ success: false, message: 'Not found.' });
  });
});

// CI runs `npm run build` before the API tests, so the real client is checked there; a machine that has not built
// it yet skips this part only.
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
describe.runIf(fs.existsSync(path.join(dist, 'index.html')) || process.env.CI)('the real build', () => {
  it('has brotli and gzip copies beside every script and stylesheet', () => {
    const assets = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f));
    expect(assets.length).toBeGreaterThan(0);
    for (const file of assets) {
      const size = fs.statSync(path.join(dist, 'assets', file)).size;
      if (size < 1024) continue;
      expect(fs.existsSync(path.join(dist, 'assets', `${file}.br`)), `${file}.br`).toBe(true);
      expect(fs.existsSync(path.join(dist, 'assets', `${file}.gz`)), `${file}.gz`).toBe(true);
    }
  });
});
