import { type Kysely, sql } from 'kysely';

// Sign-in limits, counted in the database. Failed sign-ins are counted per account and client address. An address that keeps failing is locked out of that
// account; the account itself is never locked by failures (anyone could lock the Administrator out from a few
// addresses), only slowed for addresses it has not signed in from, and its owner is e-mailed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sign_in_addresses (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      address text NOT NULL,
      failures integer NOT NULL DEFAULT 0,
      last_failed_at timestamptz,
      locked_until timestamptz,
      last_signed_in_at timestamptz,
      PRIMARY KEY (user_id, address)
    )
  `.execute(db);
  // users.failed_attempts becomes the account's failures since failures_since (a 15-minute window, so an old count
  // starts again); slowed_until is when an address the account never signed in from may next try while the window
  // is over the limit.
  await sql`ALTER TABLE users ADD COLUMN failures_since timestamptz, ADD COLUMN slowed_until timestamptz`.execute(db);
  // The per-address rate limits of sign-in, one-time codes and password reset (platform/rate-limit-store.ts), here
  // rather than in each node's memory so that nodes sharing the database share them.
  await sql`
    CREATE TABLE request_counts (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE request_counts`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN failures_since, DROP COLUMN slowed_until`.execute(db);
  await sql`DROP TABLE sign_in_addresses`.execute(db);
}
