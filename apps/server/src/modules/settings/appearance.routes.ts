import { API, cleanText } from '@duka/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import {
  type AppearanceInput,
  IMAGE_KINDS,
  type ImageKind,
  imageType,
  MAX_IMAGE_BYTES,
  readAppearance,
  readImage,
  saveAppearance,
} from './appearance.service.ts';

export const appearanceRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  const endpoints = API.settings;
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 3, fields: 10 } });

  // Branding for the sign-in page (public) and the shell.
  route(app, endpoints.branding, async () => ({
    success: true as const,
    data: await readAppearance(db),
  }));
  route(app, endpoints.appearanceShow, async () => ({
    success: true as const,
    data: await readAppearance(db),
  }));

  route(app, endpoints.appearanceImage, async (request, reply) => {
    const image = await readImage(db, request.params.kind);
    // The type is read from the bytes again, whatever the row says, and nosniff stops a browser guessing another:
    // a public URL must never serve an upload as HTML or script.
    const type = image && imageType(image.bytes);
    if (!image || !type) throw new AppError('not_found', 'No image has been uploaded.');
    if (request.headers['if-none-match'] === `"${image.sha256}"`) return reply.code(304).send();
    reply.header('content-type', type);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('etag', `"${image.sha256}"`);
    reply.header('cache-control', 'public, max-age=300');
    return reply.send(image.bytes);
  });

  // A multipart form, read part by part: the contract declares no body.
  route(app, endpoints.appearanceSave, async (request) => {
    if (!request.isMultipart()) throw invalidField('name', 'Name is required.');
    const input: AppearanceInput = { name: '', images: {} };
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!(IMAGE_KINDS as readonly string[]).includes(part.fieldname)) {
          await part.toBuffer().catch(() => undefined);
          continue;
        }
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch {
          throw invalidField(part.fieldname, 'The image may be at most 2 MB.');
        }
        if (bytes.length > 0) input.images[part.fieldname as ImageKind] = { bytes, fileName: part.filename };
      } else if (part.fieldname === 'name') {
        input.name = cleanText(String(part.value ?? ''));
      }
    }
    if (!input.name) throw invalidField('name', 'Name is required.');
    if (input.name.length > 100) throw invalidField('name', 'At most 100 characters.');
    await saveAppearance(db, input, requestContext(request));
    return { success: true as const, message: 'Settings saved successfully!', data: await readAppearance(db) };
  });
};
