// Where the embedded database keeps its files. As root the database runs as the OS user `postgres`, which cannot
// enter a private home folder (mode 700, like /root): a checkout there would stop at the first start. So when no
// DUKA_DATA_DIR is given and ./data is out of that user's reach, the data goes to /var/lib/duka/<checkout>-<hash>,
// the system's place for a service's state, one folder per checkout so two checkouts never share a database.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from '../config.ts';
import { findUnreachable, postgresOsUser } from './embedded.ts';

export const SYSTEM_DATA_ROOT = '/var/lib/duka';

/** The folder outside the checkout for the checkout whose ./data is `localDir`. */
export function systemDataDir(localDir: string): string {
  const checkout = path.dirname(localDir);
  const name = path.basename(checkout).replace(/[^A-Za-z0-9._-]/g, '_') || 'duka';
  const hash = createHash('sha256').update(localDir).digest('hex').slice(0, 12);
  return path.join(SYSTEM_DATA_ROOT, `${name}-${hash}`);
}

/** The data folder to use, said in the log; refuses an explicitly given one the database cannot use. */
export async function chooseDataDir(config: Config, log: Log): Promise<string> {
  const runAs = config.databaseUrl ? undefined : await postgresOsUser();
  if (!runAs) return announce(config.dataDir, log);
  const blocked = findUnreachable(config.dataDir, runAs);
  if (config.dataDirGiven) {
    if (blocked) {
      throw new ConfigError(
        `DUKA_DATA_DIR=${config.dataDir} cannot be used: the database runs as the OS user "postgres", which cannot ` +
          `enter ${blocked} (permission denied). Choose a folder it can reach, such as ${SYSTEM_DATA_ROOT}, or ` +
          'leave DUKA_DATA_DIR unset to let Duka choose one.',
      );
    }
    return announce(config.dataDir, log);
  }
  const system = systemDataDir(config.dataDir);
  // Never leave data behind silently: a cluster already in ./data stays there (a blocked one is then refused at
  // start, loudly), and once the system folder is in use it stays in use even if ./data becomes reachable.
  const hasCluster = fs.existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'));
  if (hasCluster || (!blocked && !fs.existsSync(system))) return announce(config.dataDir, log);
  if (fs.existsSync(system)) {
    log.info(
      `data directory: ${system} (this checkout's data since an earlier start found ./data out of reach; see its CHECKOUT file)`,
    );
    return system;
  }
  // Explicit modes, so that a strict umask cannot make the folders unreachable for the database user after all.
  if (fs.mkdirSync(SYSTEM_DATA_ROOT, { recursive: true })) fs.chmodSync(SYSTEM_DATA_ROOT, 0o755);
  fs.mkdirSync(system);
  fs.chmodSync(system, 0o711);
  fs.writeFileSync(path.join(system, 'CHECKOUT'), `${path.dirname(config.dataDir)}\n`);
  log.warn(
    `data directory: ${system}, not ./data: the OS user "postgres" that runs the database cannot enter ${blocked}. ` +
      'Set DUKA_DATA_DIR to choose another folder.',
  );
  return system;
}

interface Log {
  info: (msg: string) => void;
  warn: (msg: string) => void;
}

function announce(dataDir: string, log: Log): string {
  log.info(`data directory: ${dataDir}`);
  return dataDir;
}
