import { type RawBuilder, sql } from 'kysely';

/**
 * `{name}` of a joined record in the seeds' nested shape (`user: {name}` for the creator, `category: {name}`),
 * null when the join found nothing.
 */
export const nameJson = (alias: string): RawBuilder<{ name: string } | null> =>
  sql<{
    name: string;
  } | null>`CASE WHEN ${sql.ref(`${alias}.id`)} IS NULL THEN NULL ELSE json_build_object('name', ${sql.ref(`${alias}.name`)}) END`;
