import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../src/db/seed/demo.ts';
import { freePort, makeDataDir, type ServerProcess, startServer, waitUntilHealthy } from './server-process.ts';

// The built server on the embedded database: a committed write survives `kill -9`, the orphaned database server is
// recovered, a second app on the same data dir refuses, and SIGTERM stops everything cleanly.
const dataDir = makeDataDir();
const started: ServerProcess[] = [];

async function start(port: number) {
  const server = await startServer(dataDir, port);
  started.push(server);
  return server;
}

async function post(url: string, body: unknown, token?: string, method = 'POST') {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

afterAll(() => {
  for (const s of started) s.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded database lifecycle', () => {
  it('keeps a committed write across kill -9 and recovers the orphaned database server', async () => {
    const port = await freePort();
    const first = await start(port);
    await waitUntilHealthy(first);
    const login = await post(`${first.url}/api/login`, DEMO_ADMIN);
    const token = login.body.data.token;
    const me: any = await (
      await fetch(`${first.url}/api/userpersonaldetails`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const update = await post(
      `${first.url}/api/userupdate/${me.data.id}`,
      { name: 'Owner After Crash', email: DEMO_ADMIN.email, phone_number: '0700000000' },
      token,
      'PUT',
    );
    expect(update.status).toBe(200);

    const second = await start(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another Duka server');

    first.child.kill('SIGKILL');
    await first.exited;
    const orphanPid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(orphanPid, 0)).not.toThrow();

    const third = await start(port);
    await waitUntilHealthy(third);
    const again = await post(`${third.url}/api/login`, DEMO_ADMIN);
    const details: any = await (
      await fetch(`${third.url}/api/userpersonaldetails`, {
        headers: { authorization: `Bearer ${again.body.data.token}` },
      })
    ).json();
    expect(details.data.name).toBe('Owner After Crash');

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'duka.pid'))).toBe(false);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('production start', () => {
  it('refuses to start without administrator credentials when no demo is seeded', async () => {
    const dir = makeDataDir();
    try {
      const server = await startServer(dir, await freePort(), { DUKA_DEMO: '0' });
      started.push(server);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('Set DUKA_ADMIN_EMAIL and DUKA_ADMIN_PASSWORD');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a port already taken', () => {
  it('says so, and leaves no database server running to hold the data folder', async () => {
    const dir = makeDataDir();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    try {
      const port = (holder.address() as net.AddressInfo).port;
      const server = await startServer(dir, port);
      started.push(server);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Port ${port} on 127.0.0.1 is in use`);
      expect(fs.existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);

      const retried = await startServer(dir, await freePort());
      started.push(retried);
      await waitUntilHealthy(retried);
      retried.child.kill('SIGTERM');
      expect(await retried.exited).toBe(0);
    } finally {
      holder.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
