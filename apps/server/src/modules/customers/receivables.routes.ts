// The receivables report: a declaration from packages/shared (receivablesReport) and the query beside this file;
// platform/list-routes.ts makes the list and its two files from them.
import { receivablesReport } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerList } from '../../platform/list-routes.ts';
import type { AppServices } from '../../services.ts';
import { receivablesCount, receivablesRows, receivablesTotals } from './receivables.queries.ts';

export const receivablesRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  registerList(
    app,
    receivablesReport,
    {
      run: async (query) => ({
        rows: receivablesRows(db, timeZone, query.search),
        extras: receivablesTotals(db, query.search, query),
      }),
      paging: (query) => ({ count: receivablesCount(db, query.search, query) }),
    },
    timeZone,
  );
};
