import type { ListEnvelope, ListQuery } from '@duka/shared';
import {
  AliasNode,
  type Expression,
  type ExpressionBuilder,
  IdentifierNode,
  type JoinNode,
  type KyselyPlugin,
  OrderByItemNode,
  OrderByNode,
  RawNode,
  type SelectQueryBuilder,
  SelectQueryNode,
  type SqlBool,
  sql,
} from 'kysely';
import { COUNTED_AS } from '../db/read-cache.ts';

// Paging and search for every list: a module builds its filtered query, this helper counts, pages and wraps it.

export interface PageOptions {
  /** The row key (`sa.id`) when the query's ORDER BY is total and ends with it: deep pages then walk only an
   * index of keys (joins left out) and pages past the middle read the order backwards from the end. */
  key?: string;
  /** The number of rows when the module keeps it cheaper than count(*) can find it (exactly the same number). */
  count?: Promise<number>;
  /** For a keyed list, where a deep walk may start: `skipped` rows of the order (read backwards when `backwards`)
   * are exactly the ones `narrow` leaves out, so the walk skips them without reading them. */
  seek?: (skip: number, backwards: boolean) => Promise<Seek | undefined>;
  /** The rows are a search's, which PostgreSQL cannot tell to be few or many: a keyed list that finds few reads
   * their keys before the page (pageRows). */
  searched?: boolean;
}

export interface Seek {
  skipped: number;
  narrow: <Q extends SelectQueryBuilder<any, any, any>>(query: Q) => Q;
}

/** Past this offset, or past the middle of the list, a keyed list pages over its key index instead of fetching and
 * discarding whole rows (whose computed columns PostgreSQL works out for every row it skips). */
const DEEP_OFFSET = 2_000;
/** At most this many rows found by a search, a keyed list reads their keys before the page (pageRows). */
const KEYS_FIRST_MAX_ROWS = 1_000;

export async function paginate<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  { page, pagination_size }: Pick<ListQuery, 'page' | 'pagination_size'>,
  options: PageOptions = {},
): Promise<ListEnvelope<Row>> {
  // Exact, and answered from the pool's count cache for page 2+ of the same query until its tables change.
  const total =
    (await options.count) ??
    Number(
      (
        (await query
          .clearSelect()
          .clearOrderBy()
          .select(sql<number>`count(*)::int`.as(COUNTED_AS))
          .executeTakeFirst()) as Record<string, number> | undefined
      )?.[COUNTED_AS] ?? 0,
    );
  const lastPage = Math.max(1, Math.ceil(total / pagination_size));
  const offset = (page - 1) * pagination_size;
  const data = total > offset ? await pageRows(query, offset, pagination_size, total, options) : [];
  return {
    success: true,
    data,
    current_page: page,
    last_page: lastPage,
    total,
    per_page: pagination_size,
    from: data.length ? offset + 1 : null,
    to: data.length ? offset + data.length : null,
  };
}

async function pageRows<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  offset: number,
  size: number,
  total: number,
  { key, seek, searched }: PageOptions,
): Promise<Row[]> {
  // A search that finds few rows, where PostgreSQL expected many, had it walk the list's order through every row to
  // fill a page: 14 s for the one sale a search found in ten years. Their keys come first (no order, no limit: the
  // search's own indexes), then the page of those keys in the list's order.
  if (key && searched && total <= KEYS_FIRST_MAX_ROWS) {
    const found = await query.clearSelect().clearOrderBy().select(sql.ref(key).as('key')).execute();
    const keys = found.map((row) => (row as { key: unknown }).key);
    return query
      .where(sql<SqlBool>`${sql.ref(key)} = ANY(${keys})`)
      .limit(size)
      .offset(offset)
      .execute();
  }
  if (!key || (offset < DEEP_OFFSET && offset <= total / 2)) return query.limit(size).offset(offset).execute();
  // Past the middle, the same rows are the first ones of the reversed order: a short walk from the other end.
  const backwards = offset > total / 2;
  const limit = backwards ? Math.min(size, total - offset) : size;
  const skip = backwards ? Math.max(0, total - offset - size) : offset;
  const ordered = backwards ? query.withPlugin(reverseOrder) : query;
  const start = await seek?.(skip, backwards);
  const walked = ordered.clearSelect().select(sql.ref(key).as('key'));
  const keys = withoutUnusedLeftJoins(start ? start.narrow(walked) : walked)
    .limit(limit)
    .offset(skip - (start?.skipped ?? 0));
  const rows = await (ordered as any).where(sql.ref(key), 'in', keys).execute();
  return backwards ? rows.reverse() : rows;
}

/** Every ORDER BY item of the outer query flipped (ASC ↔ DESC, which also flips where NULLs fall by default). */
const reverseOrder: KyselyPlugin = {
  transformQuery: ({ node }) => {
    if (!SelectQueryNode.is(node) || !node.orderBy) return node;
    const items = node.orderBy.items.map((item) => {
      const dir = item.direction && RawNode.is(item.direction) ? item.direction.sqlFragments.join('').trim() : 'asc';
      if (item.nulls || !/^(asc|desc)$/i.test(dir)) throw new Error('paginate: cannot reverse this ORDER BY');
      return OrderByItemNode.cloneWith(item, { direction: RawNode.createWithSql(/^asc$/i.test(dir) ? 'desc' : 'asc') });
    });
    return { ...node, orderBy: OrderByNode.create(items) };
  },
  transformResult: async ({ result }) => result,
};

/** The key-only subquery without LEFT JOINs nothing else refers to: they cannot change its rows, and leaving them
 * in keeps PostgreSQL from answering it by an index-only scan. */
function withoutUnusedLeftJoins<DB, TB extends keyof DB, Row>(query: SelectQueryBuilder<DB, TB, Row>) {
  const joins = query.toOperationNode().joins ?? [];
  const unused = joins.filter((join) => {
    if (join.joinType !== 'LeftJoin' || !AliasNode.is(join.table) || !IdentifierNode.is(join.table.alias)) return false;
    const alias = join.table.alias.name;
    const rest = query.withPlugin(dropJoins([join])).compile().sql;
    return !rest.includes(`"${alias}".`) && !rest.includes(`"${alias}"`);
  });
  return unused.length ? query.withPlugin(dropJoins(unused)) : query;
}

const dropJoins = (drop: readonly JoinNode[]): KyselyPlugin => ({
  transformQuery: ({ node }) =>
    SelectQueryNode.is(node) && node.joins ? { ...node, joins: node.joins.filter((j) => !drop.includes(j)) } : node,
  transformResult: async ({ result }) => result,
});

/** `%term%` with the LIKE wildcards of the user's text taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive match of the search term in any of the columns (trigram-indexed where lists are long). */
export function matchesSearch<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: string[],
  term: string,
): Expression<SqlBool> {
  const pattern = likePattern(term);
  return eb.or(columns.map((column) => eb(sql.ref(column), 'ilike', pattern)));
}
