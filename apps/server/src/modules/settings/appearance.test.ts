import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/crud-contract.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let cashier: string;
let adminId: number;

beforeAll(async () => {
  ({ t, admin, cashier, adminId } = await signedInApp());
});
afterAll(() => t.close());

const INVALID = 'Invalid file type. Only PNG and JPG are allowed.';
const DEFAULTS = { name: 'Duka', logo: null, favicon: null, wallpaper: null };
const MB2 = 2 * 1024 * 1024;

// A real 1×1 PNG, and bytes that start like a JPEG (only the content is checked, never the declared type).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('JFIF jpeg body'),
  Buffer.from([0xff, 0xd9]),
]);
const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);

interface Upload {
  bytes: Buffer;
  filename: string;
  type?: string;
}
async function store(name: string | undefined, files: Record<string, Upload> = {}, token: string | null = admin) {
  const form = new FormData();
  if (name !== undefined) form.append('name', name);
  for (const [field, file] of Object.entries(files)) {
    form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.filename);
  }
  const res = await fetch(`${t.url}/api/appearancesettingsstore`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}
async function image(kind: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/api/appearance/${kind}`, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
const branding = async () => (await t.call('GET', '/api/getlogofavicon')).body.data;
const fileCount = async () =>
  Number((await t.db.selectFrom('app_files').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const idOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('v'));

describe('POST /api/appearancesettingsstore', () => {
  it('refuses a missing token and a user without appearanceSettings', async () => {
    expect(await store('Mine', { logo: { bytes: PNG, filename: 'logo.png' } }, null)).toEqual({
      status: 401,
      body: { success: false, message: 'Unauthenticated.' },
    });
    expect(await store('Mine', { logo: { bytes: PNG, filename: 'logo.png' } }, cashier)).toEqual({
      status: 403,
      body: { success: false, message: 'Access denied' },
    });
    expect(await branding()).toEqual(DEFAULTS);
    expect(await fileCount()).toBe(0);
  });

  it('requires a name, in a multipart form', async () => {
    const json = await t.call('POST', '/api/appearancesettingsstore', { token: admin, body: { name: 'Json Shop' } });
    expect(json.status).toBe(422);
    expect(json.body).toEqual({
      success: false,
      message: 'Name is required.',
      errors: { name: ['Name is required.'] },
    });
    for (const name of [undefined, '', '   ']) {
      const res = await store(name, { logo: { bytes: PNG, filename: 'logo.png' } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        success: false,
        message: 'Name is required.',
        errors: { name: ['Name is required.'] },
      });
    }
    const long = await store('n'.repeat(101));
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ name: ['At most 100 characters.'] });
    expect(await branding()).toEqual(DEFAULTS);
  });

  it('checks the image by its content and its name: PNG or JPEG only', async () => {
    const cases: [string, Upload][] = [
      ['logo', { bytes: Buffer.from('GIF89a not really a png'), filename: 'logo.png' }],
      [
        'favicon',
        { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'icon.jpg', type: 'image/jpeg' },
      ],
      ['wallpaper', { bytes: PNG, filename: 'wallpaper.gif' }],
      ['logo', { bytes: JPEG, filename: 'logo.exe' }],
      ['logo', { bytes: PNG, filename: 'logo' }],
    ];
    for (const [field, upload] of cases) {
      const res = await store('Bad Image Shop', { [field]: upload });
      expect(res.status, upload.filename).toBe(422);
      expect(res.body).toEqual({ success: false, message: INVALID, errors: { [field]: [INVALID] } });
    }
    expect(await branding()).toEqual(DEFAULTS);
    expect(await fileCount()).toBe(0);
  });

  it('refuses an image over 2 MB', async () => {
    const res = await store('Big Image Shop', { wallpaper: { bytes: pngOfSize(MB2 + 1), filename: 'big.png' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      message: 'The image may be at most 2 MB.',
      errors: { wallpaper: ['The image may be at most 2 MB.'] },
    });
    expect(await branding()).toEqual(DEFAULTS);
    expect(await fileCount()).toBe(0);
  });

  it('saves the name and images, serves them publicly and audits the change', async () => {
    const res = await store('Kampala Hardware', {
      logo: { bytes: PNG, filename: 'Logo.PNG' },
      favicon: { bytes: JPEG, filename: 'favicon.jpeg', type: 'image/jpeg' },
      ignored: { bytes: Buffer.from('whatever'), filename: 'notes.txt', type: 'text/plain' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Settings saved successfully!' });
    expect(res.body.data).toEqual({
      name: 'Kampala Hardware',
      logo: expect.stringMatching(/^\/api\/appearance\/logo\?v=\d+$/),
      favicon: expect.stringMatching(/^\/api\/appearance\/favicon\?v=\d+$/),
      wallpaper: null,
    });
    expect(await fileCount()).toBe(2);

    // The public branding call and the shell's call answer the same URLs.
    const publicData = await branding();
    expect(publicData).toEqual(res.body.data);
    expect(await t.call('GET', '/api/appearancesettingslist')).toMatchObject({ status: 401 });
    const shell = await t.call('GET', '/api/appearancesettingslist', { token: cashier });
    expect(shell.body).toEqual({ success: true, data: res.body.data });

    const logo = await image('logo');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.bytes.equals(PNG)).toBe(true);
    const etag = `"${createHash('sha256').update(PNG).digest('hex')}"`;
    expect(logo.headers.get('etag')).toBe(etag);
    expect((await image('logo', { 'if-none-match': etag })).status).toBe(304);
    const servedByUrl = await fetch(t.url + publicData.logo);
    expect(Buffer.from(await servedByUrl.arrayBuffer()).equals(PNG)).toBe(true);
    const favicon = await image('favicon');
    expect(favicon.headers.get('content-type')).toBe('image/jpeg');
    expect(favicon.bytes.equals(JPEG)).toBe(true);
    const wallpaper = await image('wallpaper');
    expect(wallpaper.status).toBe(404);
    expect(JSON.parse(wallpaper.bytes.toString())).toEqual({ success: false, message: 'No image has been uploaded.' });
    expect((await image('banner')).status).toBe(422);

    const audit = await t.db.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ type: 'Settings', activity: 'Update', user_id: adminId });
    expect(audit.details).toBe(
      `Appearance settings from: {"name":"Duka","logo_id":null,"favicon_id":null} ` +
        `to: {"name":"Kampala Hardware","logo_id":${idOf(publicData.logo)},"favicon_id":${idOf(publicData.favicon)}}`,
    );
  });

  it('accepts an image of exactly 2 MB, replaces an image and drops the old one, and keeps images on a name change', async () => {
    const before = await branding();
    const wallpaper = pngOfSize(MB2);
    const res = await store('Kampala Hardware', {
      logo: { bytes: JPEG, filename: 'new-logo.jpg', type: 'image/jpeg' },
      wallpaper: { bytes: wallpaper, filename: 'wall.png' },
    });
    expect(res.status).toBe(200);
    const after = res.body.data;
    expect(after.favicon).toBe(before.favicon);
    expect(after.logo).not.toBe(before.logo);
    expect(
      await t.db.selectFrom('app_files').select('id').where('id', '=', idOf(before.logo)).executeTakeFirst(),
    ).toBeUndefined();
    expect(await fileCount()).toBe(3);
    const logo = await image('logo');
    expect(logo.headers.get('content-type')).toBe('image/jpeg');
    expect(logo.bytes.equals(JPEG)).toBe(true);
    expect((await image('wallpaper')).bytes.equals(wallpaper)).toBe(true);

    const renamed = await store('Duka Hardware Ltd');
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ ...after, name: 'Duka Hardware Ltd' });
    expect((await image('logo')).bytes.equals(JPEG)).toBe(true);
    const audit = await t.db.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.details).toBe(
      'Appearance settings from: {"name":"Kampala Hardware"} to: {"name":"Duka Hardware Ltd"}',
    );
  });

  it('changes nothing when one of several images is refused', async () => {
    const before = await branding();
    const files = await fileCount();
    const res = await store('Half Saved', {
      logo: { bytes: PNG, filename: 'ok.png' },
      favicon: { bytes: Buffer.from('plain text'), filename: 'bad.png' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ favicon: [INVALID] });
    expect(await branding()).toEqual(before);
    expect(await fileCount()).toBe(files);
  });
});

describe('serving an uploaded image', () => {
  it('answers the type read from its bytes, with nosniff, whatever the stored row claims', async () => {
    expect((await store('Typed', { logo: { bytes: PNG, filename: 'logo.png' } })).status).toBe(200);
    const id = idOf((await branding()).logo);
    await t.db.updateTable('app_files').set({ content_type: 'text/html' }).where('id', '=', id).execute();
    const logo = await image('logo');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');

    // Bytes that are no image (a row written around the upload check) are never served as anything.
    await t.db
      .updateTable('app_files')
      .set({ bytes: Buffer.from('<script>alert(1)</script>') })
      .where('id', '=', id)
      .execute();
    const forged = await image('logo');
    expect(forged.status).toBe(404);
    expect(forged.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
