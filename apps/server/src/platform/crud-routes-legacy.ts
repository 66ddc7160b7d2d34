import { type CrudWord, idListSchema, idParamSchema, type ListDeclaration } from '@duka/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../db/connection.ts';
import { can as canKey, requestContext } from './access.ts';
import type { RequestContext } from './audit.ts';
import { type ListSource, registerList } from './list-routes.ts';
import { deleteRecords, type TrashKind } from './trash.ts';

// The six calls every catalogue record has (list, store, show, update, delete, bulk delete), declared once.
// A module gives its paths, permission word, schemas, service functions and messages. Its list is either written
// here (paths.list, schemas.list, service.list) or left to its list declaration (`declared`, registerList), which
// brings the exports and the OpenAPI answer with it.

/** A list declared in packages/shared/src/lists with its module's hand-written query. */
export interface DeclaredList {
  declaration: ListDeclaration;
  /** Typed by each module's query and row. */
  source: ListSource<any, any>;
  timeZone: string;
}

export interface CrudSpec<Create extends z.ZodType, Update extends z.ZodType, ListQuery extends z.ZodType> {
  /** Permission prefix: 'product' → productList, productAdd, productEdit, productDelete, productBulkDelete. */
  word: CrudWord;
  kind: TrashKind;
  paths: { list?: string; store: string; show: string; update: string; delete: string; bulkDelete: string };
  /** Body field of the bulk delete: product_ids. */
  idsField: string;
  /** `list` is listQuerySchema, or it extended with the module's filters; absent with `declared`. */
  schemas: { create: Create; update: Update; list?: ListQuery };
  service: {
    list?: (db: Database, query: z.infer<ListQuery>) => Promise<unknown>;
    get: (db: Database, id: number) => Promise<unknown>;
    create: (db: Database, input: z.infer<Create>, ctx: RequestContext) => Promise<unknown>;
    update: (db: Database, id: number, input: z.infer<Update>, ctx: RequestContext) => Promise<unknown>;
  };
  /** 'Product' → "Product created successfully!"; bulk: "3 product(s) deleted successfully!". */
  messages: { label: string; plural: string };
  /** The list, its exports and its answer's shape from a declaration, instead of paths.list and service.list. */
  declared?: DeclaredList;
}

export function registerLegacyCrudRoutes<C extends z.ZodType, U extends z.ZodType, L extends z.ZodType>(
  app: FastifyInstance,
  db: Database,
  spec: CrudSpec<C, U, L>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const can = (action: 'List' | 'Add' | 'Edit' | 'Delete' | 'BulkDelete') => canKey(`${spec.word}${action}`);
  const { label, plural } = spec.messages;

  registerListOf(api, db, spec);
  api.post(spec.paths.store, { config: can('Add'), schema: { body: spec.schemas.create } }, async (request) => ({
    success: true,
    message: `${label} created successfully!`,
    data: await spec.service.create(db, request.body as z.infer<C>, requestContext(request)),
  }));
  api.get(`${spec.paths.show}/:id`, { config: can('List'), schema: { params: idParamSchema } }, async (request) => ({
    success: true,
    data: await spec.service.get(db, request.params.id),
  }));
  api.put(
    `${spec.paths.update}/:id`,
    { config: can('Edit'), schema: { params: idParamSchema, body: spec.schemas.update } },
    async (request) => {
      await spec.service.update(db, request.params.id, request.body as z.infer<U>, requestContext(request));
      return { success: true, message: `${label} updated successfully!` };
    },
  );
  api.delete(
    `${spec.paths.delete}/:id`,
    { config: can('Delete'), schema: { params: idParamSchema } },
    async (request) => {
      await deleteRecords(db, spec.kind, [request.params.id], requestContext(request));
      return { success: true, message: `${label} deleted successfully!` };
    },
  );
  api.delete(
    spec.paths.bulkDelete,
    { config: can('BulkDelete'), schema: { body: idListSchema(spec.idsField) } },
    async (request) => {
      const ids = (request.body as Record<string, number[]>)[spec.idsField] ?? [];
      const count = await deleteRecords(db, spec.kind, ids, requestContext(request));
      return { success: true, message: `${count} ${plural}(s) deleted successfully!` };
    },
  );
}

function registerListOf<C extends z.ZodType, U extends z.ZodType, L extends z.ZodType>(
  app: FastifyInstance,
  db: Database,
  spec: CrudSpec<C, U, L>,
) {
  if (spec.declared) {
    const { declaration, source, timeZone } = spec.declared;
    return registerList(app, declaration, source, timeZone);
  }
  const { paths, schemas, service } = spec;
  if (!paths.list || !schemas.list || !service.list) throw new Error(`${spec.word}: no list route declared`);
  const list = service.list;
  app.get(paths.list, { config: canKey(`${spec.word}List`), schema: { querystring: schemas.list } }, (request) =>
    list(db, request.query as z.infer<L>),
  );
}
