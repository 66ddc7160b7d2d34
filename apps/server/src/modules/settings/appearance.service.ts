// Branding: application name, logo, favicon and wallpaper. Images are kept in the database (not on one node's disk)
// so every API node serves the same files; PNG and JPEG only, recognised by their content, at most 2 MB.
import { createHash } from 'node:crypto';
import type { Database } from '../../db/connection.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { invalidField } from '../../platform/errors.ts';
import { readSettings, writeSettings } from '../../platform/settings-store.ts';

export const IMAGE_KINDS = ['logo', 'favicon', 'wallpaper'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const INVALID_IMAGE = 'Invalid file type. Only PNG and JPG are allowed.';

type StoredAppearance = {
  name: string;
  logo_id: number | null;
  favicon_id: number | null;
  wallpaper_id: number | null;
};
const DEFAULTS: StoredAppearance = { name: 'Duka', logo_id: null, favicon_id: null, wallpaper_id: null };

/** What clients read: the name and a URL per image (null: the client's own fallback). */
export async function readAppearance(db: Database) {
  const stored = await readSettings(db, 'appearance', DEFAULTS);
  const url = (kind: ImageKind) => {
    const id = stored[`${kind}_id`];
    return id ? `/api/appearance/${kind}?v=${id}` : null;
  };
  return { name: stored.name, logo: url('logo'), favicon: url('favicon'), wallpaper: url('wallpaper') };
}

export function imageType(bytes: Buffer): 'image/png' | 'image/jpeg' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

export interface AppearanceInput {
  name: string;
  images: Partial<Record<ImageKind, { bytes: Buffer; fileName: string }>>;
}

export async function saveAppearance(db: Database, input: AppearanceInput, ctx: RequestContext) {
  const typed: Partial<Record<ImageKind, { bytes: Buffer; type: string }>> = {};
  for (const kind of IMAGE_KINDS) {
    const image = input.images[kind];
    if (!image) continue;
    const type = imageType(image.bytes);
    if (!type || !/\.(png|jpe?g)$/i.test(image.fileName)) throw invalidField(kind, INVALID_IMAGE);
    typed[kind] = { bytes: image.bytes, type };
  }
  await db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, 'appearance', DEFAULTS);
    const after: StoredAppearance = { ...before, name: input.name };
    for (const kind of IMAGE_KINDS) {
      const image = typed[kind];
      if (!image) continue;
      const file = await trx
        .insertInto('app_files')
        .values({
          purpose: kind,
          content_type: image.type,
          bytes: image.bytes,
          sha256: createHash('sha256').update(image.bytes).digest('hex'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      after[`${kind}_id`] = file.id;
    }
    await writeSettings(trx, 'appearance', after);
    // Replaced images are not kept: nothing refers to them any more.
    const replaced = IMAGE_KINDS.map((k) => before[`${k}_id`]).filter(
      (id, i) => id && id !== after[`${IMAGE_KINDS[i]}_id`],
    );
    if (replaced.length)
      await trx
        .deleteFrom('app_files')
        .where('id', 'in', replaced as number[])
        .execute();
    await writeAudit(trx, ctx, {
      type: 'Settings',
      activity: 'Update',
      details: `Appearance settings ${describeChanges(before, after)}`,
    });
  });
}

export async function readImage(db: Database, kind: ImageKind) {
  const stored = await readSettings(db, 'appearance', DEFAULTS);
  const id = stored[`${kind}_id`];
  if (!id) return undefined;
  return db.selectFrom('app_files').select(['content_type', 'bytes', 'sha256']).where('id', '=', id).executeTakeFirst();
}
