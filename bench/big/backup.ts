// The backup row of the bench: a whole backup taken through the API while 20 tills keep selling, and the restore of
// that file into an empty database through `npm run restore`'s code. The goal: the tills' sales/s fall by at most
// 20 % while the backup runs; the backup's time and size and the restore's time are printed.
//
// The caller gives its server, a signed-in token and a way to sell (one till's sale, over that till's own kept-alive
// connection); the restore's empty database is created beside the server's on the same PostgreSQL and dropped after.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BackupBenchRow {
  call: string;
  figure: string;
  goal: string;
  meets?: boolean;
}

export interface BackupBenchOptions {
  /** The server's base URL, e.g. http://127.0.0.1:4410. */
  base: string;
  /** A signed-in Administrator's token (backups are behind backupSettings). */
  token: string;
  /** One sale by till `till` (0 … tills-1); throws when the sale is refused. */
  sell: (till: number) => Promise<void>;
  /** The server's database, as a URL: the restore's empty database is created on the same PostgreSQL. */
  databaseUrl: string;
  tills?: number;
  /** Seconds of sales measured before the backup starts. */
  secondsBefore?: number;
  /** Leave the restore out (the backup's figures only). */
  skipRestore?: boolean;
  /** Keep the backup file (it is removed after the restore by default: at scale 10 it is gigabytes). */
  keepFile?: boolean;
  progress?: (message: string) => void;
}

const MAX_FALL = 20;

/** The rows the bench prints: the backup's time and size, sales/s before and during, the restore's time. */
export async function measureBackup(options: BackupBenchOptions): Promise<BackupBenchRow[]> {
  const progress = options.progress ?? ((m: string) => process.stderr.write(`${m}\n`));
  const rows: BackupBenchRow[] = [];
  const taken = await benchBackup(options, progress);
  rows.push(...taken.rows);
  if (!taken.file) return rows;
  try {
    if (!options.skipRestore) rows.push(await benchRestore(taken.file, options.databaseUrl, progress));
  } finally {
    if (!options.keepFile) fs.rmSync(taken.file, { force: true });
  }
  return rows;
}

interface Taken {
  rows: BackupBenchRow[];
  /** The backup's path (the server's backup folder is on this machine), or undefined when it failed. */
  file?: string;
}

/** Sales/s before, then a backup through POST /api/backupstore with the tills selling until it completes. */
export async function benchBackup(options: BackupBenchOptions, progress: (m: string) => void): Promise<Taken> {
  const tills = options.tills ?? 20;
  const secondsBefore = options.secondsBefore ?? 5;
  let failures = 0;
  let firstFailure = '';
  /** Every sale made so far, read by the progress lines. */
  let sold = 0;
  /** Sells on every till until `until()` says stop; the count of sales made. */
  const sellUntil = async (until: () => boolean) => {
    let count = 0;
    await Promise.all(
      Array.from({ length: tills }, async (_, till) => {
        while (!until()) {
          try {
            await options.sell(till);
            count++;
            sold++;
          } catch (err) {
            failures++;
            firstFailure ||= (err as Error).message.slice(0, 160);
            // A till whose connection broke cannot sell again: it stops rather than spin.
            if (/closed the connection|ECONN|EPIPE/.test((err as Error).message)) return;
          }
        }
      }),
    );
    return count;
  };

  progress(`  backup: ${secondsBefore} s of sales before, ${tills} tills`);
  await sellUntil(timer(1)); // warm-up
  let started = performance.now();
  const salesBefore = await sellUntil(timer(secondsBefore));
  const before = salesBefore / ((performance.now() - started) / 1000);
  // Sales refused before the backup has started would only be refused for an hour more.
  if (failures > 0) throw new Error(`the tills' sales fail before the backup: ${failures}, first: ${firstFailure}`);

  progress(`  backup: ${before.toFixed(0)} sales/s before; POST /api/backupstore`);
  let finished = false;
  started = performance.now();
  const backup = postJson(options.base, '/api/backupstore', options.token).finally(() => {
    finished = true;
  });
  const watching = watchProgress(
    options,
    () => finished,
    () => sold,
    started,
    progress,
  );
  const salesDuring = await sellUntil(() => finished);
  const seconds = (performance.now() - started) / 1000;
  await watching;
  const answer = await backup.catch((err: Error) => ({ status: 0, body: err.message }));
  const during = salesDuring / seconds;
  const fall = before > 0 ? ((before - during) / before) * 100 : 0;
  const failed = failures ? `; ${failures} sales failed, first: ${firstFailure}` : '';

  if (answer.status !== 200) {
    return {
      rows: [
        {
          call: 'backup while 20 tills sell (POST /api/backupstore)',
          figure: `failed after ${seconds.toFixed(0)} s: ${answer.status} ${answer.body.slice(0, 200)}`,
          goal: 'completes',
          meets: false,
        },
      ],
    };
  }
  const data = (JSON.parse(answer.body) as { data?: { id: string; size: number } }).data;
  const status = JSON.parse((await getJson(options.base, '/api/backuplist', options.token)).body) as {
    data: { dir: string };
  };
  const file = data ? path.join(status.data.dir, data.id) : undefined;
  const size = data?.size ?? 0;
  progress(
    `  backup: ${seconds.toFixed(1)} s, ${mb(size)}; sales/s ${before.toFixed(0)} before, ${during.toFixed(0)} during (${signed(-fall)} %)${failed}`,
  );
  return {
    file: file && fs.existsSync(file) ? file : undefined,
    rows: [
      {
        call: 'backup while 20 tills sell (POST /api/backupstore): time, file size',
        figure: `${seconds.toFixed(1)} s, ${mb(size)}`,
        goal: 'completes',
        meets: true,
      },
      {
        call: 'sales/s before → during the backup, 20 tills',
        figure: `${before.toFixed(0)} → ${during.toFixed(0)} (${signed(-fall)} %)${failed}`,
        goal: `fall ≤ ${MAX_FALL} %`,
        meets: fall <= MAX_FALL && failures === 0,
      },
    ],
  };
}

/**
 * The backup's progress (tables done of all, as the Backups screen shows it) when it moves or each minute, with the
 * tills' sales/s since the last line: whether the sales slow as the backup goes on, or from its start.
 */
async function watchProgress(
  options: BackupBenchOptions,
  finished: () => boolean,
  sold: () => number,
  started: number,
  progress: (m: string) => void,
) {
  let last = '';
  let lastAt = 0;
  let soldAtLast = sold();
  while (!finished()) {
    await new Promise((r) => setTimeout(r, 2000));
    if (finished()) break;
    try {
      const answer = await getJson(options.base, '/api/backuplist', options.token);
      const running = (JSON.parse(answer.body) as { data?: { running: { done: number; total: number } | null } }).data
        ?.running;
      const now = `${running?.done ?? '?'}/${running?.total ?? '?'} tables`;
      const elapsed = (performance.now() - started) / 1000;
      if (now !== last || elapsed - lastAt >= 60) {
        const rate = (sold() - soldAtLast) / (elapsed - lastAt);
        progress(`  backup: ${elapsed.toFixed(0)} s, ${now}, ${rate.toFixed(0)} sales/s since the last line`);
        last = now;
        lastAt = elapsed;
        soldAtLast = sold();
      }
    } catch {}
  }
}

/**
 * Restores `file` into a new, empty database beside `databaseUrl`'s, through `npm run restore`'s code (a child
 * process, with the heap limit the server runs with), and drops that database after. The row: its time and the
 * restore process's peak memory.
 */
export async function benchRestore(
  file: string,
  databaseUrl: string,
  progress: (m: string) => void,
): Promise<BackupBenchRow> {
  const call = 'restore of that backup into an empty database (npm run restore)';
  const name = `duka_restore_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const target = new URL(databaseUrl);
  target.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-restore-bench-'));
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    progress(`  restore: ${mb(fs.statSync(file).size)} into the empty database ${name}`);
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        '--max-old-space-size=1024',
        '--experimental-transform-types',
        '--no-warnings',
        path.join(repo, 'apps/server/src/cli/restore.ts'),
        file,
      ],
      {
        cwd: repo,
        env: { ...process.env, DATABASE_URL: target.toString(), DUKA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    let peak = 0;
    const lastReport = { at: started };
    const sampler = setInterval(() => {
      peak = Math.max(peak, hwm(child.pid));
      if (performance.now() - lastReport.at >= 60_000) {
        lastReport.at = performance.now();
        progress(`  restore: ${((performance.now() - started) / 1000).toFixed(0)} s, peak ${mb(peak)}`);
      }
    }, 500);
    const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) {
      progress(`  restore failed: ${output.trim().slice(0, 500)}`);
      return {
        call,
        figure: `failed after ${seconds.toFixed(0)} s: ${output.trim().slice(0, 200)}`,
        goal: 'completes',
        meets: false,
      };
    }
    progress(`  restore: ${seconds.toFixed(1)} s, peak RSS ${mb(peak)}`);
    return { call, figure: `${seconds.toFixed(1)} s (peak RSS ${mb(peak)})`, goal: 'printed' };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function hwm(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

const timer = (seconds: number) => {
  const until = performance.now() + seconds * 1000;
  return () => performance.now() >= until;
};
const mb = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const signed = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(1)}`;

/**
 * node:http rather than fetch: a scale-10 backup answers after many minutes, past fetch's own five-minute wait for
 * the answer's headers.
 */
function request(base: string, method: string, pathname: string, token: string, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      new URL(pathname, base),
      {
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const postJson = (base: string, pathname: string, token: string) => request(base, 'POST', pathname, token, '{}');
const getJson = (base: string, pathname: string, token: string) => request(base, 'GET', pathname, token);
