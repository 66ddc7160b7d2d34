import type { ListEnvelope, ListQuery } from '@duka/shared';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

// Paging and search for every list: a module builds its filtered query, this helper counts, pages and wraps it.

export async function paginate<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  { page, pagination_size }: Pick<ListQuery, 'page' | 'pagination_size'>,
): Promise<ListEnvelope<Row>> {
  const counted = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirst();
  const total = Number((counted as { total?: number } | undefined)?.total ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / pagination_size));
  const offset = (page - 1) * pagination_size;
  const data = total > offset ? await query.limit(pagination_size).offset(offset).execute() : [];
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
