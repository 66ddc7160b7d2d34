// A restore decompresses within bounds: a small upload built to expand to hundreds of megabytes is refused with a
// 422 before its payload takes memory, and nothing changes.
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBackup } from '../../../test/backup-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { openBackup, readHeader } from '../../platform/backup-format.ts';
import { knownMigrations } from '../../platform/backup-snapshot.ts';
import { tableCounts } from './backups.service.ts';

let t: TestApp;
let admin: string;
/** A real backup of the fresh shop, unencrypted. */
let real: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn();
  real = await downloadedBackup(t, admin);
});
afterAll(() => t.close());

/** A real backup's header before a gzip body of `megabytes` MB of zeros (about a thousandth of that on disk). */
async function bomb(megabytes: number): Promise<Buffer> {
  const head = real.subarray(0, readHeader(real)?.length);
  const gzip = createGzip({ level: 9 });
  const parts: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => parts.push(chunk));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) if (!gzip.write(zeros)) await once(gzip, 'drain');
  gzip.end();
  await once(gzip, 'end');
  return Buffer.concat([head, ...parts]);
}

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

describe('restoring an uploaded file', () => {
  it('refuses one that expands past 100 times its size, its memory flat, and changes nothing', async () => {
    const file = await bomb(256);
    expect(file.length).toBeLessThan(400 * 1024);
    const before = await tableCounts(t.db);
    // The app runs in this process: its resident memory, sampled while it reads the file.
    const start = process.memoryUsage.rss();
    let peak = start;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 2);
    const res = await upload(file).finally(() => clearInterval(sampler));
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^The backup expands past \d+ MB: it is damaged or not a Duka backup\.$/);
    // Unbounded, the 256 MB of zeros and their text took more than 500 MB.
    expect((peak - start) / 1024 / 1024).toBeLessThan(100);
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await t.call('GET', '/api/backuplist', { token: admin })).status).toBe(200);
  });
});

describe('openBackup', () => {
  it('reads a real backup within the bounds, and stops at the absolute cap whatever the ratio', async () => {
    const contents = await openBackup(real, undefined, knownMigrations());
    expect(contents.tables.get('users')?.length).toBeGreaterThan(0);
    await expect(openBackup(real, undefined, knownMigrations(), { ratio: 1000, cap: 4096 })).rejects.toMatchObject({
      message: 'The backup expands past 1 MB: it is damaged or not a Duka backup.',
      fields: { file: ['The backup expands past 1 MB: it is damaged or not a Duka backup.'] },
    });
    await expect(openBackup(real, undefined, knownMigrations(), { ratio: 2, cap: 1e9 })).rejects.toMatchObject({
      message: expect.stringMatching(/^The backup expands past \d+ MB/),
    });
  });
});
