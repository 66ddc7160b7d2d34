// Starts the built server (dist/main.js) as a child process, as `npm start` would, for restart and browser tests.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const mainJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export function makeDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-data-'));
  // The embedded database runs as the OS user postgres when we are root: it must be able to enter the folder.
  fs.chmodSync(dir, 0o755);
  return dir;
}

import { freePort } from '../src/db/embedded.ts';

export { freePort };

export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  cwd?: string,
): Promise<ServerProcess> {
  if (!fs.existsSync(mainJs)) throw new Error(`${mainJs} is missing: run npm run build first`);
  const child = spawn(process.execPath, [mainJs], {
    // Browser tests build their own catalogue: the demo sign-ins without the demo stock.
    env: {
      ...process.env,
      DUKA_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DUKA_DEMO: 'accounts',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd,
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits until the server answers its health check, or fails with what it printed. */
export async function waitUntilHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}):\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * Starts the server on a free port and waits until it is healthy. Specs start in parallel and each embedded database
 * also takes a free port, so the one picked may be gone by the time the server listens: it then tries another.
 */
export async function startHealthyServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const server = await startServer(dataDir, await freePort(), env);
    try {
      await waitUntilHealthy(server);
      return server;
    } catch (err) {
      if (attempt === 3 || !server.output().includes('is in use')) throw err;
    }
  }
}
