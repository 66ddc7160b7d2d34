// Backups (Manage Settings → Backups): list, back up now, download, restore, and the passphrase. All behind the
// private key backupSettings, so only the Administrator reaches them.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { API, backupRestoreSchema } from '@duka/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { invalidField } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { BackupKeeper } from './backups.service.ts';

/** An upload goes to disk, never into memory: the bound is the disk's, and a chain's ten years are gigabytes. */
const MAX_UPLOAD_GB = 64;
const MAX_UPLOAD_BYTES = MAX_UPLOAD_GB * 1024 * 1024 * 1024;
const TOO_LARGE = `The file may be at most ${MAX_UPLOAD_GB} GB.`;

export const backupRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const keeper = services.backups ?? BackupKeeper.inTempDir(services.db, services.secrets, services.timeZone);
  const endpoints = API.backup;
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  route(app, endpoints.list, async () => ({ success: true as const, data: await keeper.status() }));

  route(app, endpoints.store, async (request) => {
    const { id } = await keeper.backUp({ automatic: false, ctx: requestContext(request) });
    const row = (await keeper.status()).backups.find((b) => b.id === id);
    return { success: true as const, message: 'Backup created successfully!', data: row };
  });

  route(app, endpoints.download, async (request, reply) => {
    const file = keeper.fileOf(request.params.id);
    await keeper.auditDownload(request.params.id, requestContext(request));
    reply.header('content-type', 'application/octet-stream');
    reply.header('content-disposition', `attachment; filename="${request.params.id}"`);
    reply.header('content-length', fs.statSync(file).size);
    return reply.send(fs.createReadStream(file));
  });

  route(app, endpoints.passphrase, async (request) => {
    await keeper.savePassphrase(request.body.passphrase, requestContext(request));
    return {
      success: true as const,
      message: request.body.passphrase
        ? 'Backup passphrase saved: new backups are encrypted.'
        : 'Backup passphrase removed: new backups are not encrypted.',
    };
  });

  // A file sent as multipart (`file`, `passphrase`), or a backup of the list named by JSON { id, passphrase }: read
  // here, so the contract declares no body. An uploaded file is streamed to a temporary file in the backup folder
  // (a name the list does not show), restored from there, and removed.
  route(app, endpoints.restore, async (request) => {
    let file: string | undefined;
    let upload: string | undefined;
    let passphrase: string | undefined;
    let source: string;
    try {
      if (request.isMultipart()) {
        let name = 'an uploaded file';
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || upload) {
                part.file.resume();
                continue;
              }
              fs.mkdirSync(keeper.options.dir, { recursive: true, mode: 0o700 });
              upload = path.join(keeper.options.dir, `.upload-${randomUUID()}.partial`);
              await pipeline(part.file, fs.createWriteStream(upload, { flags: 'wx', mode: 0o600 }));
              if (part.file.truncated) throw invalidField('file', TOO_LARGE);
              name = `the uploaded file ${part.filename}`;
            } else if (part.fieldname === 'passphrase') {
              passphrase = String(part.value ?? '') || undefined;
            }
          }
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalidField('file', TOO_LARGE);
          throw err;
        }
        if (!upload || fs.statSync(upload).size === 0) throw invalidField('file', 'Choose a backup file.');
        file = upload;
        source = name;
      } else {
        const parsed = backupRestoreSchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw invalidField(String(issue?.path[0] ?? 'id'), issue?.message ?? 'Choose a backup.');
        }
        file = keeper.fileOf(parsed.data.id);
        passphrase = parsed.data.passphrase || undefined;
        source = `backup ${parsed.data.id}`;
      }
      const header = await keeper.restore(file, passphrase, source, requestContext(request));
      return {
        success: true as const,
        message: 'Backup restored successfully! Everyone has been signed out.',
        data: { created_at: header.created_at, schema: header.schema },
      };
    } finally {
      if (upload) fs.rmSync(upload, { force: true });
    }
  });
};
