// A backup of a test shop as its Administrator downloads it: the file's bytes.
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** Makes a backup of the shop now (by hand, through the API) and downloads it. */
export async function downloadedBackup(shop: TestApp, admin: string): Promise<Buffer> {
  const made = await shop.call('POST', '/api/backupstore', { token: admin });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return (await shop.download(`/api/backupdownload/${made.body.data.id}`, admin)).bytes;
}
