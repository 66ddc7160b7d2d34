// config → database → migrations → seed → listen, and a graceful shutdown on SIGINT/SIGTERM.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, migrateToLatest, POOL_SIZE } from './db/connection.ts';
import { chooseDataDir } from './db/data-dir.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from './db/embedded.ts';
import { foldEvery } from './db/folds.ts';
import { seedDatabase } from './db/seed/seed.ts';
import { warmConnections, warmRelations } from './db/warm.ts';
import { BackupKeeper } from './modules/backups/backups.service.ts';
import { POS_SEARCH_RELATIONS, searchEachForm } from './modules/sales/pos-search.queries.ts';
import { BackupScheduler } from './platform/backup-scheduler.ts';
import { MailWorker } from './platform/mail.ts';
import { SecretBox } from './platform/secret-box.ts';
import { purgeExpiredSessions } from './platform/sessions.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, redact: ['req.headers.authorization', 'password', '*.password'] });
  const dataDir = await chooseDataDir(config, log);
  let embedded: EmbeddedServer | undefined;
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(dataDir, (msg) => log.info(msg));
  const databaseUrl = config.databaseUrl ?? (embedded as EmbeddedServer).url();
  const db = createDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    const { created } = await seedDatabase(db, config);
    if (created) log.info(config.demo ? 'first start: demo shop created' : 'first start: administrator created');
  } catch (err) {
    await db.destroy();
    await embedded?.stop();
    throw err;
  }
  const secrets = new SecretBox(readSecretKey(dataDir));
  const mail = new MailWorker(db, secrets, log);
  // Backups go beside the database files unless told otherwise (also with DATABASE_URL: the data folder then holds
  // only the secret key and the backups).
  const backups = new BackupKeeper(
    db,
    secrets,
    {
      dir: config.backupDir ?? path.join(dataDir, 'backups'),
      copyDir: config.backupCopyDir,
      time: config.backupTime,
      timeZone: config.timeZone,
    },
    log,
  );
  const backupScheduler = new BackupScheduler(backups);
  const app = await buildApp({
    db,
    secrets,
    mail,
    authRateLimit: 20,
    timeZone: config.timeZone,
    backups,
    trustProxy: config.trustProxy,
    logger: log,
    webRoot: path.resolve(here, '../../web/dist'),
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Nothing may outlive a failed start: the embedded database would hold its folder against the next one.
    await app.close();
    await db.destroy();
    await embedded?.stop();
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigError(`Port ${config.port} on ${config.host} is in use: stop what holds it or set PORT.`);
    }
    throw err;
  }
  mail.start();
  backupScheduler.start();
  log.info(`backups: every day at ${config.backupTime} into ${backups.options.dir}`);
  const purge = setInterval(() => purgeExpiredSessions(db).catch(() => {}), 3_600_000);
  purge.unref();
  const stopFolding = foldEvery(db, (err, fold) => log.error({ err }, `${fold}() failed`));
  // Warm the till's search for its first customers (db/warm.ts), in the background: requests are served meanwhile,
  // waiting a moment for a connection while every one of them plans its searches.
  warmConnections(db, POOL_SIZE, searchEachForm).catch((err) => log.warn({ err }, "planning the till's search failed"));
  warmRelations(db, POS_SEARCH_RELATIONS).then(
    (warmed) => log.info(`the till's search: ${warmed.length} table(s) and index(es) read into the database's cache`),
    (err) => log.warn({ err }, "reading the till's search tables into the database's cache failed"),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    clearInterval(purge);
    await stopFolding();
    await backupScheduler.stop();
    await app.close();
    await mail.stop();
    await db.destroy();
    await embedded?.stop();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * The key that seals secrets stored in the database. DUKA_SECRET_KEY wins (and is needed when several nodes share a
 * database); otherwise a key file in the data dir, made on first start.
 */
function readSecretKey(dataDir: string): string {
  if (process.env.DUKA_SECRET_KEY) return process.env.DUKA_SECRET_KEY;
  const file = path.join(dataDir, 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Duka could not start:', err);
  process.exit(1);
});
