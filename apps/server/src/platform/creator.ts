import { type RawBuilder, sql } from 'kysely';

/**
 * `{name}` of a joined record in the original client's nested shape (docs/rules.md) (`user: {name}` for the creator,
 * `category: {name}`), null when the join found nothing.
 */
export const nameJson = (alias: string): RawBuilder<{ name: string } | null> =>
  sql<{
    name: string;
  } | null>`CASE WHEN ${sql.ref(`${alias}.id`)} IS NULL THEN NULL ELSE json_build_object('name', ${sql.ref(`${alias}.name`)}) END`;

/** A joined measurement as `{name, plural}`: what the shared unitLabel needs to write "3 Bags" (or "3 kg"). */
export const unitJson = (alias: string): RawBuilder<{ name: string; plural: string | null }> =>
  sql<{
    name: string;
    plural: string | null;
  }>`json_build_object('name', ${sql.ref(`${alias}.name`)}, 'plural', ${sql.ref(`${alias}.plural`)})`;
