// The backup file: what is in it and how it is sealed. Pure bytes in, bytes out: no database here.
//
//   DUKABACKUP\n                       magic, so any other file is refused at once
//   {header JSON}\n                    readable without the passphrase (the list shows time, kind, encryption)
//   body                               gzip(payload), or AES-256-GCM(gzip(payload)) + 16-byte tag
//
// The header is the GCM additional data, so an encrypted file's header cannot be edited (to claim another schema,
// or to flip `encrypted`) without the restore noticing. The payload is lines: a table line {"table","rows"} followed
// by that many rows (row_to_json text, exactly as PostgreSQL wrote them), and a last line {"end":true,"tables":n}.
// gzip's own CRC and length catch a damaged or truncated unencrypted file; the end line catches a cut payload.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { createGunzip, gunzip } from 'node:zlib';
import { AppError } from './errors.ts';

export const BACKUP_MAGIC = Buffer.from('DUKABACKUP\n');
export const BACKUP_FORMAT = 1;
const TAG_BYTES = 16;

/**
 * How far a backup's body may expand. Rows as JSON compress about ten times; a file that expands a hundred times
 * its size is built to exhaust memory, not a backup (a megabyte of zeros expands to a gigabyte). Whatever the ratio,
 * the payload is read as one string, and V8's longest string is just under 512 MiB.
 */
export const EXPANSION_LIMITS = { ratio: 100, cap: 500 * 1024 * 1024 };
export type ExpansionLimits = typeof EXPANSION_LIMITS;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const CHECK_LABEL = 'duka-backup-passphrase-check';

export interface BackupHeader {
  format: number;
  /** The last migration the database had: the schema the rows fit. */
  schema: string;
  /** Every migration applied, in order, with Kysely's timestamps: the restore puts these rows back. */
  migrations: { name: string; timestamp: string }[];
  created_at: string;
  automatic: boolean;
  encrypted: boolean;
  tables: number;
  /** Encrypted files only: scrypt salt, GCM iv and a check value that tells a wrong passphrase from damage. */
  salt?: string;
  iv?: string;
  check?: string;
}

export interface BackupContents {
  header: BackupHeader;
  /** Table name → rows as row_to_json text, in the order they were written. */
  tables: Map<string, string[]>;
}

const scryptAsync = promisify(scrypt) as (pass: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const gunzipAsync = promisify(gunzip);

export const deriveKey = (passphrase: string, salt: Buffer) => scryptAsync(passphrase, salt, 32, SCRYPT);
const checkValue = (key: Buffer) => createHmac('sha256', key).update(CHECK_LABEL).digest('base64').slice(0, 22);

/** The sealing for a new file: its header fields and a cipher (encrypted) or nothing (plain). */
export async function prepareSealing(passphrase: string | undefined) {
  if (!passphrase) return { fields: { encrypted: false as const }, key: undefined, iv: undefined };
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = await deriveKey(passphrase, salt);
  return {
    fields: {
      encrypted: true as const,
      salt: salt.toString('base64'),
      iv: iv.toString('base64'),
      check: checkValue(key),
    },
    key,
    iv,
  };
}

export function headerBytes(header: BackupHeader): Buffer {
  return Buffer.concat([BACKUP_MAGIC, Buffer.from(`${JSON.stringify(header)}\n`)]);
}

export function createSealCipher(key: Buffer, iv: Buffer, header: Buffer) {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  return cipher;
}

const damaged = () =>
  new AppError('invalid', 'The backup file is damaged or incomplete.', {
    file: ['The backup file is damaged or incomplete.'],
  });

/** The header alone (for the list): undefined when the bytes do not start like a backup. */
export function readHeader(start: Buffer): { header: BackupHeader; length: number } | undefined {
  if (start.length < BACKUP_MAGIC.length || !start.subarray(0, BACKUP_MAGIC.length).equals(BACKUP_MAGIC)) {
    return undefined;
  }
  const end = start.indexOf(0x0a, BACKUP_MAGIC.length);
  if (end < 0) return undefined;
  try {
    const header = JSON.parse(start.subarray(BACKUP_MAGIC.length, end).toString('utf8')) as BackupHeader;
    if (typeof header !== 'object' || header === null || typeof header.schema !== 'string') return undefined;
    return { header, length: end + 1 };
  } catch {
    return undefined;
  }
}

/**
 * Reads and checks a whole file before anything is changed: the magic, the format, the schema (known to this
 * version of Duka), the passphrase, the seal, the size it expands to and every table's row count. Throws a 422
 * AppError naming what is wrong.
 */
export async function openBackup(
  file: Buffer,
  passphrase: string | undefined,
  knownMigrations: readonly string[],
  limits: ExpansionLimits = EXPANSION_LIMITS,
): Promise<BackupContents> {
  const read = readHeader(file);
  if (!read) {
    throw new AppError('invalid', 'This file is not a Duka backup.', { file: ['This file is not a Duka backup.'] });
  }
  const { header, length } = read;
  if (header.format !== BACKUP_FORMAT || !knownMigrations.includes(header.schema)) {
    const message =
      'This backup comes from a newer version of Duka. Update Duka to the version that made it, then restore it.';
    throw new AppError('invalid', message, { file: [message] });
  }
  let body = file.subarray(length);
  if (header.encrypted) {
    if (!passphrase) {
      throw new AppError('invalid', 'This backup is encrypted: enter its passphrase.', {
        passphrase: ['This backup is encrypted: enter its passphrase.'],
      });
    }
    if (!header.salt || !header.iv || !header.check || body.length < TAG_BYTES) throw damaged();
    const key = await deriveKey(passphrase, Buffer.from(header.salt, 'base64'));
    if (checkValue(key) !== header.check) {
      throw new AppError('invalid', 'The passphrase is wrong.', { passphrase: ['The passphrase is wrong.'] });
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.iv, 'base64'));
    decipher.setAAD(file.subarray(0, length));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    try {
      body = Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw damaged();
    }
  }
  const bound = Math.min(limits.cap, body.length * limits.ratio);
  // Counted first, keeping nothing: a file past the bound is refused before its payload takes any memory.
  await inflatedSize(body, bound);
  let payload: Buffer;
  try {
    payload = await gunzipAsync(body, { maxOutputLength: bound });
  } catch {
    throw damaged();
  }
  return { header, tables: parsePayload(payload.toString('utf8'), header) };
}

/** The size `body` inflates to, read as a stream and dropped as it comes; refused (422) once past `bound` bytes. */
function inflatedSize(body: Buffer, bound: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const gunzip = createGunzip();
    let size = 0;
    gunzip.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= bound) return;
      gunzip.destroy();
      const message = `The backup expands past ${Math.ceil(bound / 1024 / 1024)} MB: it is damaged or not a Duka backup.`;
      reject(new AppError('invalid', message, { file: [message] }));
    });
    gunzip.on('end', () => resolve(size));
    gunzip.on('error', () => reject(damaged()));
    gunzip.end(body);
  });
}

function parsePayload(text: string, header: BackupHeader): Map<string, string[]> {
  const lines = text.split('\n');
  const tables = new Map<string, string[]>();
  let i = 0;
  try {
    while (i < lines.length) {
      const marker = JSON.parse(lines[i++] as string) as { table?: string; rows?: number; end?: boolean };
      if (marker.end) {
        if (tables.size !== header.tables) throw damaged();
        return tables;
      }
      if (typeof marker.table !== 'string' || !Number.isInteger(marker.rows) || tables.has(marker.table)) {
        throw damaged();
      }
      const rows = lines.slice(i, i + (marker.rows as number));
      if (rows.length !== marker.rows || rows.some((r) => !r.startsWith('{'))) throw damaged();
      tables.set(marker.table, rows);
      i += rows.length;
    }
  } catch {
    throw damaged();
  }
  throw damaged();
}
