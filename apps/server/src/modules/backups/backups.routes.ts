// Backups (Manage Settings → Backups): list, back up now, download, restore, and the passphrase. All behind the
// private key backupSettings, so only the Administrator reaches them.
import fs from 'node:fs';
import { API, backupRestoreSchema } from '@duka/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { invalidField } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { BackupKeeper } from './backups.service.ts';

const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;

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
  // here, so the contract declares no body.
  route(app, endpoints.restore, async (request) => {
    let bytes: Buffer | undefined;
    let passphrase: string | undefined;
    let source: string;
    if (request.isMultipart()) {
      let name = 'an uploaded file';
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            await part.toBuffer().catch(() => undefined);
            continue;
          }
          try {
            bytes = await part.toBuffer();
          } catch {
            throw invalidField('file', 'The file may be at most 1 GB.');
          }
          name = `the uploaded file ${part.filename}`;
        } else if (part.fieldname === 'passphrase') {
          passphrase = String(part.value ?? '') || undefined;
        }
      }
      if (!bytes || bytes.length === 0) throw invalidField('file', 'Choose a backup file.');
      source = name;
    } else {
      const parsed = backupRestoreSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalidField(String(issue?.path[0] ?? 'id'), issue?.message ?? 'Choose a backup.');
      }
      bytes = await fs.promises.readFile(keeper.fileOf(parsed.data.id));
      passphrase = parsed.data.passphrase || undefined;
      source = `backup ${parsed.data.id}`;
    }
    const header = await keeper.restore(bytes, passphrase, source, requestContext(request));
    return {
      success: true as const,
      message: 'Backup restored successfully! Everyone has been signed out.',
      data: { created_at: header.created_at, schema: header.schema },
    };
  });
};
