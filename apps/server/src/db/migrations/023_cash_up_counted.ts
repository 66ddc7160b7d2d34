import { type Kysely, sql } from 'kysely';

// What each saved cash-up counted: one row per sale and per return, unique on the sale or return, so none
// is ever counted by two cash-ups, and a late comer (an offline sale sent days later, a sale committed just after a
// save) is found as one that no cash-up has counted yet. Filled for the cash-ups already saved from the rule they were
// saved with: dated in their window, or a late comer of the previous day's cash-up (an id above its last ids), and
// committed before the save (an id up to their own last ids; any id on those saved before migration 016).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cash_up_sales (
      sale_id integer PRIMARY KEY REFERENCES sales(id),
      cash_up_id integer NOT NULL REFERENCES cash_ups(id) ON DELETE CASCADE
    );
    CREATE INDEX cash_up_sales_cash_up ON cash_up_sales (cash_up_id);
    CREATE TABLE cash_up_returns (
      return_id integer PRIMARY KEY REFERENCES sale_returns(id),
      cash_up_id integer NOT NULL REFERENCES cash_ups(id) ON DELETE CASCADE
    );
    CREATE INDEX cash_up_returns_cash_up ON cash_up_returns (cash_up_id);
  `.execute(db);
  for (const [counted, column, table, last] of [
    ['cash_up_sales', 'sale_id', 'sales', 'last_sale_id'],
    ['cash_up_returns', 'return_id', 'sale_returns', 'last_return_id'],
  ]) {
    await sql`
      INSERT INTO ${sql.table(counted)} (${sql.ref(column)}, cash_up_id)
      SELECT DISTINCT ON (x.id) x.id, c.id
      FROM cash_ups c
      JOIN ${sql.table(table)} x ON x.created_by = c.user_id
      LEFT JOIN cash_ups p ON p.user_id = c.user_id AND p.day = c.day - 1
      WHERE (${sql.ref(`c.${last}`)} IS NULL OR x.id <= ${sql.ref(`c.${last}`)})
        AND ((x.created_at >= c.opened_at AND x.created_at < c.closed_at)
          OR (x.id > ${sql.ref(`p.${last}`)} AND x.created_at >= p.opened_at AND x.created_at < p.closed_at))
      ORDER BY x.id, c.id
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE cash_up_sales, cash_up_returns`.execute(db);
}
