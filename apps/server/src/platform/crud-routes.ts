import type { ListDeclaration, recordEndpoints } from '@duka/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/connection.ts';
import { requestContext } from './access.ts';
import type { RequestContext } from './audit.ts';
import { type ListSource, registerList } from './list-routes.ts';
import { route } from './route.ts';
import { deleteRecords, type TrashKind } from './trash.ts';

// The six calls every catalogue record has (list, store, show, update, delete, bulk delete), registered from the
// record's contracts (recordEndpoints in packages/shared). A module gives its service functions and messages; its
// list is its list declaration (`declared`, registerList), which brings the exports with it.

/** A list declared in packages/shared/src/lists with its module's hand-written query. */
export interface DeclaredList {
  declaration: ListDeclaration;
  /** Typed by each module's query and row. */
  source: ListSource<any, any>;
  timeZone: string;
}

type RecordCalls = ReturnType<typeof recordEndpoints>;

export interface CrudSpec<E extends RecordCalls> {
  endpoints: E;
  kind: TrashKind;
  /** Body field of the bulk delete: product_ids. */
  idsField: string;
  service: {
    get: (db: Database, id: number) => Promise<unknown>;
    create: (db: Database, input: z.output<E['store']['body']>, ctx: RequestContext) => Promise<unknown>;
    update: (db: Database, id: number, input: z.output<E['update']['body']>, ctx: RequestContext) => Promise<unknown>;
  };
  /** 'Product' → "Product created successfully!"; bulk: "3 product(s) deleted successfully!". */
  messages: { label: string; plural: string };
  /** The list, its exports and its answer's shape from its declaration. */
  declared: DeclaredList;
}

export function registerCrudRoutes<E extends RecordCalls>(app: FastifyInstance, db: Database, spec: CrudSpec<E>) {
  const { endpoints, service } = spec;
  const { label, plural } = spec.messages;

  const { declaration, source, timeZone } = spec.declared;
  registerList(app, declaration, source, timeZone);
  route(app, endpoints.store as RecordCalls['store'], async (request) => ({
    success: true as const,
    message: `${label} created successfully!`,
    data: (await service.create(db, request.body as never, requestContext(request))) as never,
  }));
  route(app, endpoints.show as RecordCalls['show'], async (request) => ({
    success: true as const,
    data: (await service.get(db, request.params.id)) as never,
  }));
  route(app, endpoints.update as RecordCalls['update'], async (request) => {
    await service.update(db, request.params.id, request.body as never, requestContext(request));
    return { success: true as const, message: `${label} updated successfully!` };
  });
  route(app, endpoints.delete, async (request) => {
    await deleteRecords(db, spec.kind, [request.params.id], requestContext(request));
    return { success: true as const, message: `${label} deleted successfully!` };
  });
  route(app, endpoints.bulkDelete, async (request) => {
    const ids = (request.body as Record<string, number[]>)[spec.idsField] ?? [];
    const count = await deleteRecords(db, spec.kind, ids, requestContext(request));
    return { success: true as const, message: `${count} ${plural}(s) deleted successfully!` };
  });
}
