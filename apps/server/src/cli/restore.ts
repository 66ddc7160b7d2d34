// npm run restore -- <file>: puts a backup back from the command line, for a machine whose app will not start (or a
// new laptop after a theft). It uses the same configuration as the app (DUKA_DATA_DIR or DATABASE_URL), starts the
// embedded database itself, creates the tables on an empty one, then restores exactly as the Backups screen does:
// the whole file checked first (read as a stream, as the restore reads it: a chain's backup is gigabytes), then one
// transaction. Stop the app first; the embedded database allows one user.
// The passphrase of an encrypted backup comes from DUKA_BACKUP_PASSPHRASE or is asked for.
import fs from 'node:fs';
import { createInterface } from 'node:readline/promises';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase, migrateToLatest } from '../db/connection.ts';
import { chooseDataDir } from '../db/data-dir.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../db/embedded.ts';
import { BackupKeeper } from '../modules/backups/backups.service.ts';
import { readBackupHeader } from '../platform/backup-files.ts';
import { AppError } from '../platform/errors.ts';
import { SecretBox } from '../platform/secret-box.ts';

async function main() {
  const file = process.argv[2];
  if (!file) throw new UsageError('Usage: npm run restore -- <backup file>');
  if (!fs.existsSync(file)) throw new UsageError(`No such file: ${file}`);
  const header = readBackupHeader(file);
  if (!header) throw new UsageError(`${file} is not a Duka backup.`);
  let passphrase = process.env.DUKA_BACKUP_PASSPHRASE || undefined;
  if (header.encrypted && !passphrase) passphrase = await ask('This backup is encrypted. Passphrase: ');

  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const dataDir = await chooseDataDir(config, { info: () => {}, warn: (m) => log.warn(m) });
  let embedded: EmbeddedServer | undefined;
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(dataDir, () => {});
  const db = createDatabase(config.databaseUrl ?? (embedded as EmbeddedServer).url(), 2);
  try {
    await migrateToLatest(db);
    // Restoring touches no sealed secret: the key is not needed here.
    const keeper = new BackupKeeper(db, new SecretBox('not used by a restore'), {
      dir: dataDir,
      time: config.backupTime,
      timeZone: config.timeZone,
    });
    const restored = await keeper.restore(file, passphrase, `the file ${file} (command line)`, {
      userId: null,
      ip: 'command line',
      userAgent: 'npm run restore',
    });
    console.log(`Restored the backup taken ${restored.created_at} (schema ${restored.schema}). Start Duka again.`);
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

class UsageError extends Error {}

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

main().catch((err) => {
  if (err instanceof AppError || err instanceof ConfigError || err instanceof UsageError) console.error(err.message);
  else console.error('The restore failed, and nothing was changed:', err);
  process.exit(1);
});
