// Builds the real app on a fresh database cloned from the template, listening on a real port.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase, type Database } from '../src/db/connection.ts';
import { DEMO_ADMIN } from '../src/db/seed/demo.ts';
import { MailWorker } from '../src/platform/mail.ts';
import { SecretBox } from '../src/platform/secret-box.ts';
import type { TrustedProxies } from '../src/platform/trusted-proxies.ts';
import { checkAnswer, contractOf } from './contract-check.ts';
import { adminQuery, withDatabase } from './global-setup.ts';

export interface ApiResponse {
  status: number;
  body: any;
  headers: Headers;
}

export interface TestApp {
  url: string;
  databaseName: string;
  db: Database;
  mail: MailWorker;
  call: (
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<ApiResponse>;
  /** A file download (export, PDF): status, headers and the raw bytes. */
  download: (path: string, token?: string) => Promise<Download>;
  signIn: (email?: string, password?: string) => Promise<string>;
  close: () => Promise<void>;
}

export interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

export async function createTestApp(
  options: {
    authRateLimit?: number;
    timeZone?: string;
    trustProxy?: TrustedProxies;
    webRoot?: string;
    /** A second node on that app's database (closing it leaves the database to the first). */
    sameDatabaseAs?: TestApp;
  } = {},
): Promise<TestApp> {
  const serverUrl = inject('serverUrl');
  const shared = options.sameDatabaseAs?.databaseName;
  const name = shared ?? `duka_test_${randomBytes(5).toString('hex')}`;
  if (!shared) await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  const db = createDatabase(withDatabase(serverUrl, name));
  const secrets = new SecretBox('test-secret-key');
  const silent = { warn() {}, error() {}, info() {}, debug() {} } as never;
  const mail = new MailWorker(db, secrets, silent, 60_000);
  const app = await buildApp({
    db,
    secrets,
    mail,
    authRateLimit: options.authRateLimit ?? 1000,
    timeZone: options.timeZone ?? 'Africa/Kampala',
    trustProxy: options.trustProxy,
    webRoot: options.webRoot,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const call: TestApp['call'] = async (method, path, { token, body, headers = {} } = {}) => {
    const response = await fetch(url + path, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    checkContract(method, path, {
      status: response.status,
      body: parsed,
      contentType: response.headers.get('content-type'),
    });
    return { status: response.status, body: parsed, headers: response.headers };
  };

  const download: TestApp['download'] = async (path, token) => {
    const res = await fetch(url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const bytes = Buffer.from(await res.arrayBuffer());
    const contentType = res.headers.get('content-type');
    const body = contentType?.startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : bytes;
    checkContract('GET', path, { status: res.status, body, contentType });
    return { status: res.status, headers: res.headers, bytes };
  };

  const signIn: TestApp['signIn'] = async (email = DEMO_ADMIN.email, password = DEMO_ADMIN.password) => {
    const res = await call('POST', '/api/login', { body: { email, password } });
    if (res.status !== 200 || !res.body.data?.token) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
    return res.body.data.token as string;
  };

  return {
    url,
    databaseName: name,
    db,
    mail,
    call,
    download,
    signIn,
    close: async () => {
      await app.close();
      await mail.stop();
      await db.destroy();
      if (!shared) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Every /api answer against its contract; an address no contract answers may only be a 404. */
function checkContract(
  method: string,
  path: string,
  answer: { status: number; body: unknown; contentType?: string | null },
) {
  if (!path.startsWith('/api/')) return;
  const endpoint = contractOf(method, path);
  if (endpoint) checkAnswer(endpoint, answer);
  else if (answer.status !== 404) throw new Error(`${method} ${path} answered ${answer.status} without a contract`);
}
