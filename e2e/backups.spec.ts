import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../apps/server/src/db/seed/demo.ts';
import { apiCall, menuLink, type RunningApp, signedInPage, signInThroughUi, startShop, stopAll } from './support.ts';

// Backups in Chromium: set a passphrase, Back up now, download the file, change the shop, restore the downloaded
// file through the upload, sign in again and find the shop as it was at the backup.
let app: RunningApp;
let browser: Browser;
let page: Page;
let token: string;

beforeAll(async () => {
  ({ app, browser, admin: token } = await startShop());
  await addCategory('Bricks Before');
  page = await signedInPage(browser, app.url, DEMO_ADMIN, { timeout: 15_000, acceptDownloads: true });
});
afterAll(() => stopAll(app, browser));

/** A category made through the API: the shop's state a backup keeps and a restore brings back. */
async function addCategory(name: string) {
  const made = await apiCall(app.url, 'POST', '/categorystore', { name, environment: 'PRODUCTION' }, token);
  expect(made.status).toBe(200);
}

async function categoryNames(): Promise<string> {
  await menuLink(page, 'Categories').click();
  await page.getByRole('row', { name: /Bricks Before/ }).waitFor();
  return (await page.getByRole('table').textContent()) ?? '';
}

describe('backups', () => {
  let downloaded: string;

  it('says plainly that backups are not encrypted, then takes a passphrase', async () => {
    await menuLink(page, 'Backups').click();
    await page.getByRole('heading', { name: 'Backups', exact: true }).waitFor();
    await page.getByText('Backups are not encrypted').waitFor();
    await page.getByText('No backups yet.').waitFor();
    await page.getByLabel('Backup passphrase').click();
    await page.keyboard.type('Nile');
    await page.getByRole('button', { name: 'Set passphrase' }).click();
    await page.getByText('The passphrase needs at least 8 characters.').waitFor();
    await page.getByLabel('Backup passphrase').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' perch at Ggaba');
    await page.getByRole('button', { name: 'Set passphrase' }).click();
    await page.getByText('Backup passphrase saved: new backups are encrypted.').waitFor();
    await page.getByText('New backups are encrypted with your passphrase.').waitFor();
    expect(await page.getByText('Backups are not encrypted').count()).toBe(0);
  });

  it('backs up now and downloads the file', async () => {
    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByText('Backup created successfully!').waitFor();
    const row = page.getByRole('table', { name: 'Backups' }).getByRole('row').nth(1);
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(2, 5)).toEqual(['Manual', 'Yes', 'No']);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^duka-\d{8}-\d{6}-\d{3}-manual\.dukabackup$/);
    downloaded = (await download.path()) as string;
  });

  it('restores the uploaded file after a confirmation that names it, and the shop is as it was', async () => {
    // The shop moves on after the backup: a category that the restore must take away.
    await addCategory('Tiles After');
    expect(await categoryNames()).toContain('Tiles After');

    await menuLink(page, 'Backups').click();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Backup file' }).click(),
    ]);
    await chooser.setFiles({
      name: 'shop.dukabackup',
      mimeType: 'application/octet-stream',
      buffer: fs.readFileSync(downloaded),
    });
    await page.getByRole('button', { name: 'Restore from file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore a backup' });
    await dialog.getByText(/Restore the file shop\.dukabackup\? This replaces everything in Duka now/).waitFor();

    await dialog.getByLabel('Passphrase of the backup').click();
    await page.keyboard.type('Nile perch at Kasenyi');
    await dialog.getByRole('button', { name: 'Replace everything with this backup' }).click();
    await dialog.getByText('The passphrase is wrong.').waitFor();
    await dialog.getByLabel('Passphrase of the backup').click();
    await page.keyboard.press('End');
    for (let i = 0; i < 'Kasenyi'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('Ggaba');
    await dialog.getByRole('button', { name: 'Replace everything with this backup' }).click();

    await page.getByText('Backup restored successfully! Everyone has been signed out. Sign in again.').waitFor();
    await page.waitForURL(`${app.url}/`);
    await page.keyboard.press('Escape');
    await signInThroughUi(page, app.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${app.url}/home`);
    const names = await categoryNames();
    expect(names).toContain('Bricks Before');
    expect(names).not.toContain('Tiles After');
    // The old API session ended with the restore.
    expect((await apiCall(app.url, 'GET', '/backuplist', undefined, token)).status).toBe(401);
  });
});
