import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServer, waitUntilHealthy } from './server-process.ts';

// A newcomer's first `npm start` as root, from a checkout under a private home folder (mode 700, like /root): the
// database runs as the OS user postgres, which cannot enter ./data there. Only as root does the question arise.
const asRoot = process.getuid?.() === 0;
const SYSTEM_ROOT = '/var/lib/duka';
const systemRootExisted = fs.existsSync(SYSTEM_ROOT);
const cleanup: string[] = [];
const started: ServerProcess[] = [];

/** A private home folder (mode 700) holding a checkout folder, as /root/duka is. */
function privateCheckout(): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-home-'));
  fs.chmodSync(home, 0o700);
  cleanup.push(home);
  const checkout = path.join(home, 'duka');
  fs.mkdirSync(checkout, { mode: 0o755 });
  return checkout;
}

// No DUKA_DATA_DIR and no DATABASE_URL, as on a fresh machine; info level so the log names the data folder.
const FRESH_ENV = { DUKA_DATA_DIR: '', DATABASE_URL: '', LOG_LEVEL: 'info' };

afterAll(async () => {
  for (const s of started) {
    if (s.child.exitCode === null) {
      s.child.kill('SIGTERM');
      await s.exited;
    }
  }
  for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
  if (!systemRootExisted && fs.existsSync(SYSTEM_ROOT) && fs.readdirSync(SYSTEM_ROOT).length === 0) {
    fs.rmdirSync(SYSTEM_ROOT);
  }
});

describe.skipIf(!asRoot || Boolean(process.env.TEST_DATABASE_URL))(
  'first start as root from a private home folder (root only: otherwise the database runs as ourselves)',
  () => {
    it('comes up with no variables set, keeping its data in a folder the database can reach and saying which', async () => {
      const checkout = privateCheckout();
      const server = await startServer('', await freePort(), FRESH_ENV, checkout);
      started.push(server);
      const logged = () => server.output().match(/data directory: (\/\S+?),? /)?.[1];
      // Clean up the chosen folder even if the start fails after choosing it.
      await waitUntilHealthy(server, 120_000).finally(() => {
        const chosen = logged();
        if (chosen?.startsWith(`${SYSTEM_ROOT}/`)) cleanup.push(chosen);
      });
      const chosen = logged() as string;
      expect(chosen).toMatch(new RegExp(`^${SYSTEM_ROOT}/duka-[0-9a-f]{12}$`));
      expect(server.output()).toContain(`cannot enter ${path.dirname(checkout)}`);
      expect(fs.existsSync(path.join(chosen, 'pg', 'PG_VERSION'))).toBe(true);
      expect(fs.readFileSync(path.join(chosen, 'CHECKOUT'), 'utf8').trim()).toBe(checkout);
      expect(fs.existsSync(path.join(checkout, 'data'))).toBe(false);
      expect(server.output()).toContain('first start: demo shop created');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // The next start of the same checkout finds its data in the same folder.
      const again = await startServer('', await freePort(), FRESH_ENV, checkout);
      started.push(again);
      await waitUntilHealthy(again, 120_000);
      expect(again.output()).toContain(`data directory: ${chosen}`);
      expect(again.output()).not.toContain('first start:');
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }, 240_000);

    it('refuses an explicitly given DUKA_DATA_DIR the database cannot reach, naming it, and creates nothing', async () => {
      const checkout = privateCheckout();
      const dataDir = path.join(checkout, 'data');
      const server = await startServer(dataDir, await freePort(), { DATABASE_URL: '' }, checkout);
      started.push(server);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`DUKA_DATA_DIR=${dataDir} cannot be used`);
      expect(server.output()).toContain(`cannot enter ${path.dirname(checkout)} (permission denied)`);
      expect(fs.existsSync(dataDir)).toBe(false);
    }, 60_000);
  },
);
