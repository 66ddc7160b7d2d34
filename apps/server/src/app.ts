import fs from 'node:fs';
import path from 'node:path';
import { countOf, ENDPOINTS, serviceEndpoints } from '@duka/shared';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { backupRoutes } from './modules/backups/backups.routes.ts';
import { brandRoutes } from './modules/brands/brands.routes.ts';
import { cashUpRoutes } from './modules/cashup/cashup.routes.ts';
import { categoryRoutes } from './modules/categories/categories.routes.ts';
import { accountRoutes } from './modules/customers/account.routes.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import { receivablesRoutes } from './modules/customers/receivables.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { discrepancyRoutes } from './modules/discrepancies/discrepancies.routes.ts';
import { expenseRoutes } from './modules/expenses/expenses.routes.ts';
import { firstStepsRoutes } from './modules/firststeps/first-steps.routes.ts';
import { logRoutes } from './modules/logs/logs.routes.ts';
import { measurementRoutes } from './modules/measurements/measurements.routes.ts';
import { productRoutes } from './modules/products/products.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { payablesRoutes } from './modules/purchasing/payables.routes.ts';
import { purchasingRoutes } from './modules/purchasing/purchasing.routes.ts';
import { quotationRoutes } from './modules/quotations/quotations.routes.ts';
import { financialReportRoutes } from './modules/reports/financial-reports.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { returnRoutes } from './modules/returns/returns.routes.ts';
import { roleRoutes } from './modules/roles/roles.routes.ts';
import { offlineSaleRoutes } from './modules/sales/offline-sale.routes.ts';
import { posSearchRoutes } from './modules/sales/pos-search.routes.ts';
import { posSnapshotRoutes } from './modules/sales/pos-snapshot.routes.ts';
import { salesRoutes } from './modules/sales/sales.routes.ts';
import { appearanceRoutes } from './modules/settings/appearance.routes.ts';
import { businessRoutes } from './modules/settings/business.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { webManifestRoutes } from './modules/settings/web-manifest.routes.ts';
import { stockRoutes } from './modules/stock/stock.routes.ts';
import { supplierRoutes } from './modules/suppliers/suppliers.routes.ts';
import { trashRoutes } from './modules/trash/trash.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { accessPlugin } from './platform/access.ts';
import { AppError, STATUS_BY_CODE } from './platform/errors.ts';
import { guardInput, NUL_MESSAGE } from './platform/input-guard.ts';
import { openApiTransform } from './platform/openapi.ts';
import { databaseRateStore } from './platform/rate-limit-store.ts';
import { holdToContracts, route } from './platform/route.ts';
import { sendSecurityHeaders } from './platform/security-headers.ts';
import { serveWebApp } from './platform/static-assets.ts';
import { type TrustedProxies, trustProxyOption } from './platform/trusted-proxies.ts';
import type { AppServices } from './services.ts';

export interface AppOptions extends AppServices {
  /** pino instance for request logs; none in tests. */
  logger?: FastifyBaseLogger;
  /** The built web client, served with a fallback to index.html for client-side routes. */
  webRoot?: string;
  /** Proxies whose X-Forwarded-For is believed (0: none; platform/trusted-proxies.ts). */
  trustProxy?: TrustedProxies;
}

// Builds the Fastify app: platform plugins, the guard, the error handler and every module. It does not listen.
export async function buildApp(options: AppOptions) {
  const { logger, webRoot, trustProxy = 0, ...services } = options;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: trustProxyOption(trustProxy),
    bodyLimit: 5 * 1024 * 1024,
    // The original client (docs/rules.md) asks for some routes with a trailing slash (GET /userpersonaldetails/).
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  guardInput(app);

  sendSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    store: databaseRateStore(services.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      message: `Too many attempts. Please wait ${countOf(Math.ceil(context.ttl / 1000), 'second')} and try again.`,
    }),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Duka API', version: '0.1.0' } },
    transform: openApiTransform,
  });
  await app.register(accessPlugin, { db: services.db });
  const contracts = holdToContracts(app, ENDPOINTS);

  await app.register(
    async (api) => {
      route(api, serviceEndpoints.health, async (_request, reply) => {
        try {
          await sql`select 1`.execute(services.db);
          return { success: true as const, status: 'ok' as const };
        } catch {
          return reply.code(503).send({ success: false, message: 'The database does not answer.' });
        }
      });
      route(api, serviceEndpoints.openApi, async () => app.swagger() as never);
      route(api, serviceEndpoints.openApiAtDocs, async () => app.swagger() as never);
    },
    { prefix: '/api' },
  );
  // The installable app's manifest, beside the client's files rather than under /api.
  await app.register(webManifestRoutes, services);

  // The original client asks for an anti-forgery cookie first; auth is by bearer header, so it is only a formality,
  // outside the API and its document.
  app.get('/sanctum/csrf-cookie', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('set-cookie', 'XSRF-TOKEN=unused; Path=/; SameSite=Strict');
    return reply.code(204).send();
  });

  await app.register(
    async (api) => {
      for (const routes of [
        authRoutes,
        profileRoutes,
        settingsRoutes,
        appearanceRoutes,
        roleRoutes,
        userRoutes,
        categoryRoutes,
        productRoutes,
        brandRoutes,
        measurementRoutes,
        supplierRoutes,
        customerRoutes,
        accountRoutes,
        receivablesRoutes,
        purchasingRoutes,
        payablesRoutes,
        quotationRoutes,
        stockRoutes,
        salesRoutes,
        returnRoutes,
        cashUpRoutes,
        posSearchRoutes,
        posSnapshotRoutes,
        offlineSaleRoutes,
        discrepancyRoutes,
        reportRoutes,
        expenseRoutes,
        financialReportRoutes,
        dashboardRoutes,
        businessRoutes,
        trashRoutes,
        logRoutes,
        backupRoutes,
        firstStepsRoutes,
      ]) {
        await api.register(routes, services);
      }
    },
    { prefix: '/api' },
  );

  contracts.assertAllRegistered();

  if (webRoot && fs.existsSync(path.join(webRoot, 'index.html'))) {
    await serveWebApp(app, webRoot);
  } else {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ success: false, message: 'Not found.' }));
  }
  return app;
}

const PG_ERRORS: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'This record already exists.' },
  '23503': { status: 409, message: 'This record is in use by other records.' },
  '22P02': { status: 422, message: 'A value has the wrong format.' },
  '22003': { status: 422, message: 'A number is out of range.' },
  '22007': { status: 422, message: 'A date has the wrong format.' },
  '22008': { status: 422, message: 'A date is out of range.' },
  // A NUL in input the guard does not see (a multipart field): PostgreSQL refuses it in text, 22P05 in JSON.
  '22021': { status: 422, message: NUL_MESSAGE },
  '22P05': { status: 422, message: NUL_MESSAGE },
};

function handleError(
  this: unknown,
  error: FastifyError & { code?: string },
  request: import('fastify').FastifyRequest,
  reply: import('fastify').FastifyReply,
) {
  if (error instanceof AppError) {
    return reply
      .code(STATUS_BY_CODE[error.code])
      .send({ success: false, message: error.message, ...(error.fields && { errors: error.fields }), ...error.extra });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
      errors[field] ??= [];
      errors[field].push(issue.message ?? 'Invalid value.');
    }
    const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
    return reply.code(422).send({ success: false, message: first, errors });
  }
  const pgError = error.code ? PG_ERRORS[error.code] : undefined;
  if (pgError) return reply.code(pgError.status).send({ success: false, message: pgError.message });
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply
      .code(status)
      .send({ success: false, message: error.message || 'The request could not be understood.' });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ success: false, message: 'An error occurred. Please try again later.' });
}
