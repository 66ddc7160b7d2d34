import { NO_BRAND } from '@duka/shared';
import { type RawBuilder, sql } from 'kysely';

// Goods without a brand (a batch's brand_id is null) show NO_BRAND wherever a brand's name would be: in lists, the
// POS, receipts, reports, files and PDFs. A query that joins brands LEFT JOINs them and names the brand through these.

/** The brand's name, or NO_BRAND: `name` is a joined brand's name column or a subquery of it. */
export const brandName = (name: string | RawBuilder<string | null>): RawBuilder<string> =>
  sql<string>`coalesce(${typeof name === 'string' ? sql.ref(name) : name}, ${NO_BRAND}::text)`;

/** `{name}` of a LEFT JOINed brand (`alias`), `{name: NO_BRAND}` when the batch or line has none. */
export const brandJson = (alias: string): RawBuilder<{ name: string }> =>
  sql<{ name: string }>`json_build_object('name', ${brandName(`${alias}.name`)})`;
