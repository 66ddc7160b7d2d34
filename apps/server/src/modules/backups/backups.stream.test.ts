// A restore reads its file as a stream: a cut or damaged file is refused by the checking pass before anything
// changes, and reading a big file keeps one batch of rows at a time, its memory flat whatever the file's size.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBackup } from '../../../test/backup-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { type BackupHeader, checkBackupFile, headerBytes, readHeader } from '../../platform/backup-format.ts';
import { knownMigrations } from '../../platform/backup-snapshot.ts';
import { tableCounts } from './backups.service.ts';

let t: TestApp;
let admin: string;
/** A real backup of the fresh shop, unencrypted, and its parts. */
let real: Buffer;
let head: Buffer;
let header: BackupHeader;
let folder: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn();
  real = await downloadedBackup(t, admin);
  const read = readHeader(real);
  if (!read) throw new Error('the backup has no header');
  head = real.subarray(0, read.length);
  header = read.header;
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-stream-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function upload(bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'shop.dukabackup');
  const res = await fetch(`${t.url}/api/backuprestore`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const run = promisify(execFile);
const DAMAGED = 'The backup file is damaged or incomplete.';

describe('restoring a cut or damaged file', () => {
  it('refuses a file cut short, a payload without its end line and a flipped byte, changing nothing', async () => {
    await t.call('POST', '/api/categorystore', { token: admin, body: { name: 'Roofing', environment: 'TEST' } });
    const before = await tableCounts(t.db);
    const payload = gunzipSync(real.subarray(head.length)).toString('utf8');
    const lines = payload.split('\n');
    const withoutEnd = lines.filter((l) => !l.startsWith('{"end":')).join('\n');
    const flipped = Buffer.from(real);
    flipped[flipped.length - 12] = (flipped[flipped.length - 12] as number) ^ 0xff;
    const files = {
      cut: real.subarray(0, real.length - 100),
      'cut to its header': head,
      'without its end line': Buffer.concat([head, gzipSync(withoutEnd)]),
      'one row short': Buffer.concat([head, gzipSync(lines.filter((_, i) => i !== 2).join('\n'))]),
      flipped,
    };
    for (const [what, bytes] of Object.entries(files)) {
      const res = await upload(bytes);
      expect([what, res.status, res.body.message]).toEqual([what, 422, DAMAGED]);
    }
    expect(await tableCounts(t.db)).toEqual(before);
    // The uploads went to disk and were removed: the folder holds the backup alone.
    const dir = (await t.call('GET', '/api/backuplist', { token: admin })).body.data.dir as string;
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('.upload-'))).toEqual([]);
  });

  it('restores the same file whole', async () => {
    const res = await upload(real);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('reading a big file', () => {
  it('checks and reads 85 MB of rows within a 40 MB heap', async () => {
    // One table of rows that compress about as real rows do (hex noise, not repeats), then the end line.
    const file = path.join(folder, 'big.dukabackup');
    const rowsPerChunk = 20_000;
    const chunks = 28;
    const out = fs.openSync(file, 'w');
    const bigHeader = { ...header, tables: 1 };
    fs.writeSync(out, headerBytes(bigHeader));
    const { createGzip } = await import('node:zlib');
    const gzip = createGzip({ level: 1 });
    const done = new Promise<void>((resolve) => gzip.on('end', resolve));
    gzip.on('data', (c: Buffer) => fs.writeSync(out, c));
    gzip.write(`${JSON.stringify({ table: 'audit_logs', rows: rowsPerChunk * chunks })}\n`);
    let payloadBytes = 0;
    for (let c = 0; c < chunks; c++) {
      const noise = randomBytes(rowsPerChunk * 64).toString('hex');
      const rows = Array.from(
        { length: rowsPerChunk },
        (_, i) => `{"id":${c * rowsPerChunk + i + 1},"details":"${noise.slice(i * 128, i * 128 + 128)}"}`,
      ).join('\n');
      payloadBytes += rows.length + 1;
      await new Promise<void>((resolve) => (gzip.write(`${rows}\n`) ? resolve() : gzip.once('drain', resolve)));
    }
    gzip.end(`${JSON.stringify({ end: true, tables: 1 })}\n`);
    await done;
    fs.closeSync(out);
    expect(payloadBytes).toBeGreaterThan(80 * 1024 * 1024);

    // Read in a process of its own whose heap is smaller than the payload: reading whole needed the payload as one
    // string (and its lines) and dies there; streamed, it holds one batch of rows at a time.
    const script = path.join(folder, 'read.ts');
    fs.writeFileSync(
      script,
      `import { checkBackupFile, readPayload } from ${JSON.stringify(path.resolve(import.meta.dirname, '../../platform/backup-format.ts'))};
      const checked = await checkBackupFile(process.argv[2], undefined, [${JSON.stringify(header.schema)}]);
      let rows = 0;
      let largest = 0;
      for await (const piece of readPayload(checked, { batchChars: 4 * 1024 * 1024 })) {
        if ('batch' in piece) {
          rows += piece.batch.length;
          largest = Math.max(largest, piece.batch.join('').length);
        }
      }
      console.log(JSON.stringify({ tables: [...checked.tables], rows, largest }));`,
    );
    const { stdout } = await run(process.execPath, [
      '--max-old-space-size=40',
      '--experimental-transform-types',
      '--no-warnings',
      script,
      file,
    ]);
    const read = JSON.parse(stdout) as { tables: [string, number][]; rows: number; largest: number };
    expect(read.tables).toEqual([['audit_logs', rowsPerChunk * chunks]]);
    expect(read.rows).toBe(rowsPerChunk * chunks);
    expect(read.largest).toBeLessThan(5 * 1024 * 1024);
  }, 180_000);

  it('refuses the big file cut short before its end, in the checking pass', async () => {
    const file = path.join(folder, 'big.dukabackup');
    const cut = path.join(folder, 'cut.dukabackup');
    const size = fs.statSync(file).size;
    fs.copyFileSync(file, cut);
    fs.truncateSync(cut, Math.floor(size * 0.9));
    await expect(checkBackupFile(cut, undefined, knownMigrations())).rejects.toMatchObject({
      message: DAMAGED,
      fields: { file: [DAMAGED] },
    });
  }, 60_000);
});
