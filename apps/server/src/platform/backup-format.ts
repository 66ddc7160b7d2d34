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
import fs from 'node:fs';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { createGunzip, gunzip } from 'node:zlib';
import { AppError } from './errors.ts';

export const BACKUP_MAGIC = Buffer.from('DUKABACKUP\n');
export const BACKUP_FORMAT = 1;
const TAG_BYTES = 16;

/**
 * How far a backup's body may expand. Rows as JSON compress about ten times; a file that expands a hundred times
 * its size is built to exhaust memory, not a backup (a megabyte of zeros expands to a gigabyte). Read whole
 * (openBackup), the payload is one string, and V8's longest string is just under 512 MiB: hence the cap. A file read
 * as a stream (checkBackupFile) keeps one batch of rows at a time, so only the ratio bounds it.
 */
export const EXPANSION_LIMITS = { ratio: 100, cap: 500 * 1024 * 1024 };
export const STREAM_LIMITS = { ratio: EXPANSION_LIMITS.ratio, cap: Number.POSITIVE_INFINITY };
/** The longest line a streamed payload may hold: a row is far shorter; a longer "line" is damage or a bomb. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;
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

const expandsPast = (bound: number) => {
  const message = `The backup expands past ${Math.ceil(bound / 1024 / 1024)} MB: it is damaged or not a Duka backup.`;
  return new AppError('invalid', message, { file: [message] });
};

/** The size `body` inflates to, read as a stream and dropped as it comes; refused (422) once past `bound` bytes. */
function inflatedSize(body: Buffer, bound: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const gunzip = createGunzip();
    let size = 0;
    gunzip.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= bound) return;
      gunzip.destroy();
      reject(expandsPast(bound));
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

// ----------------------------------------------------------------------------------------- streamed from a file --
// A chain's ten years are gigabytes: a restore reads the file twice as a stream, keeping one batch of rows at a
// time. The first pass checks everything (header, passphrase, every line, the row counts, the end line, then gzip's
// CRC or the seal) and keeps only each table's count; the second, inside the restore's transaction, reads the same
// checks again as it loads, so a file changed between the passes still rolls the transaction back.

/** A backup file that passed the checking pass. */
export interface CheckedBackup {
  file: string;
  header: BackupHeader;
  /** Table → its row count, in the file's order. */
  tables: Map<string, number>;
  /** The key the passphrase gave (encrypted files), so the loading pass does not derive it again. */
  key?: Buffer;
}

/** What the payload stream yields: a table's start, or the next rows of the table started last. */
export type PayloadPiece = { table: string; rows: number } | { table: string; batch: string[] };

/**
 * Reads and checks a backup file as a stream before anything is changed: the same checks, and the same 422
 * messages, as openBackup, with memory that does not grow with the file.
 */
export async function checkBackupFile(
  file: string,
  passphrase: string | undefined,
  knownMigrations: readonly string[],
  limits: ExpansionLimits = STREAM_LIMITS,
): Promise<CheckedBackup> {
  const opened = await openHeader(file, passphrase, knownMigrations);
  const tables = new Map<string, number>();
  for await (const piece of readPayload(opened, { limits, batchChars: 0 })) {
    if ('rows' in piece) tables.set(piece.table, piece.rows);
  }
  return { ...opened, tables };
}

/** The header of the file at `file`, and the key for an encrypted one: the checks openBackup makes first. */
async function openHeader(file: string, passphrase: string | undefined, knownMigrations: readonly string[]) {
  const handle = await fs.promises.open(file, 'r');
  let start: Buffer;
  try {
    start = Buffer.alloc(1024 * 1024);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    start = start.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const read = readHeader(start);
  if (!read) {
    throw new AppError('invalid', 'This file is not a Duka backup.', { file: ['This file is not a Duka backup.'] });
  }
  const { header } = read;
  if (header.format !== BACKUP_FORMAT || !knownMigrations.includes(header.schema)) {
    const message =
      'This backup comes from a newer version of Duka. Update Duka to the version that made it, then restore it.';
    throw new AppError('invalid', message, { file: [message] });
  }
  const size = (await fs.promises.stat(file)).size;
  if (!header.encrypted) return { file, header, key: undefined };
  if (!passphrase) {
    throw new AppError('invalid', 'This backup is encrypted: enter its passphrase.', {
      passphrase: ['This backup is encrypted: enter its passphrase.'],
    });
  }
  if (!header.salt || !header.iv || !header.check || size - read.length < TAG_BYTES) throw damaged();
  const key = await deriveKey(passphrase, Buffer.from(header.salt, 'base64'));
  if (checkValue(key) !== header.check) {
    throw new AppError('invalid', 'The passphrase is wrong.', { passphrase: ['The passphrase is wrong.'] });
  }
  return { file, header, key };
}

/**
 * The payload of a checked (or being checked) file, as pieces: each table's start with its count, then its rows in
 * batches of about `batchChars` characters (0: the rows are checked and dropped, never yielded). Throws the 422 of a
 * damaged file on anything out of place, an expansion past the limits, a bad CRC or seal, or a missing end line.
 */
export async function* readPayload(
  opened: { file: string; header: BackupHeader; key?: Buffer },
  options: { limits?: ExpansionLimits; batchChars: number },
): AsyncGenerator<PayloadPiece> {
  const { file, header, key } = opened;
  const limits = options.limits ?? STREAM_LIMITS;
  const handle = await fs.promises.open(file, 'r');
  let headLength: number;
  let size: number;
  let head: Buffer;
  let tag: Buffer | undefined;
  try {
    size = (await handle.stat()).size;
    const start = Buffer.alloc(Math.min(size, 1024 * 1024));
    await handle.read(start, 0, start.length, 0);
    const read = readHeader(start);
    if (!read) throw damaged();
    headLength = read.length;
    head = start.subarray(0, headLength);
    if (key) {
      if (size - headLength < TAG_BYTES) throw damaged();
      tag = Buffer.alloc(TAG_BYTES);
      await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    }
  } finally {
    await handle.close();
  }
  const bodyEnd = size - (key ? TAG_BYTES : 0);
  const bodyBytes = bodyEnd - headLength;
  if (bodyBytes <= 0) throw damaged();
  const bound = Math.min(limits.cap, bodyBytes * limits.ratio);
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  const body = fs.createReadStream(file, { start: headLength, end: bodyEnd - 1, highWaterMark: 256 * 1024 });
  if (key && tag && header.iv) {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.iv, 'base64'));
    decipher.setAAD(head);
    decipher.setAuthTag(tag);
    pipeline(body, decipher, gunzip, () => {});
  } else {
    pipeline(body, gunzip, () => {});
  }

  const lines = new LineReader(header, options.batchChars);
  let inflated = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > bound) throw expandsPast(bound);
      yield* lines.push(chunk);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw damaged();
  } finally {
    gunzip.destroy();
    body.destroy();
  }
  // The stream ended whole (CRC, length and seal checked): the payload must have ended with its end line.
  yield* lines.finish();
}

/** Splits the inflated bytes into lines and checks their order: a table line, that many rows, …, the end line. */
class LineReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private table: string | undefined;
  private left = 0;
  private ended = false;
  private readonly seen = new Set<string>();
  private batch: string[] = [];
  private batchChars = 0;

  constructor(
    private readonly header: BackupHeader,
    private readonly maxBatchChars: number,
  ) {}

  *push(chunk: Buffer): Generator<PayloadPiece> {
    let from = 0;
    const first = chunk.indexOf(0x0a);
    if (first < 0) {
      this.keep(chunk);
      return;
    }
    // The line begun in earlier chunks ends here.
    if (this.pendingBytes > 0) {
      this.pending.push(chunk.subarray(0, first));
      const line = Buffer.concat(this.pending).toString('utf8');
      this.pending = [];
      this.pendingBytes = 0;
      yield* this.line(line);
      from = first + 1;
    }
    // Newlines never occur inside a UTF-8 sequence: the whole lines of the chunk decode at once.
    const last = chunk.lastIndexOf(0x0a);
    if (last >= from) {
      const text = chunk.toString('utf8', from, last);
      for (const line of text.split('\n')) yield* this.line(line);
    }
    if (last + 1 < chunk.length) this.keep(chunk.subarray(last + 1));
  }

  private keep(part: Buffer) {
    this.pendingBytes += part.length;
    if (this.pendingBytes > MAX_LINE_BYTES) throw damaged();
    // A copy: the stream may reuse the chunk's memory.
    this.pending.push(Buffer.from(part));
  }

  private *line(line: string): Generator<PayloadPiece> {
    if (this.ended) return; // what follows the end line is not read, as openBackup does
    if (this.left > 0) {
      if (!line.startsWith('{') || !line.endsWith('}')) throw damaged();
      if (this.maxBatchChars > 0) {
        this.batch.push(line);
        this.batchChars += line.length;
        if (this.batchChars >= this.maxBatchChars) yield this.flush();
      } else {
        // The checking pass keeps no row, but every one must parse.
        JSON.parse(line);
      }
      this.left--;
      return;
    }
    if (this.batch.length > 0) yield this.flush();
    const marker = JSON.parse(line) as { table?: unknown; rows?: unknown; end?: unknown; tables?: unknown };
    if (marker.end) {
      if (this.seen.size !== this.header.tables) throw damaged();
      this.ended = true;
      return;
    }
    if (typeof marker.table !== 'string' || !Number.isInteger(marker.rows) || (marker.rows as number) < 0) {
      throw damaged();
    }
    if (this.seen.has(marker.table)) throw damaged();
    this.seen.add(marker.table);
    this.table = marker.table;
    this.left = marker.rows as number;
    yield { table: marker.table, rows: marker.rows as number };
  }

  private flush(): PayloadPiece {
    const piece = { table: this.table as string, batch: this.batch };
    this.batch = [];
    this.batchChars = 0;
    return piece;
  }

  *finish(): Generator<PayloadPiece> {
    if (this.pendingBytes > 0) {
      const line = Buffer.concat(this.pending).toString('utf8');
      this.pending = [];
      this.pendingBytes = 0;
      try {
        yield* this.line(line);
      } catch {
        throw damaged();
      }
    }
    if (!this.ended || this.left > 0) throw damaged();
  }
}
