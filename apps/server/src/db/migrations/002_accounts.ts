import { type Kysely, sql } from 'kysely';

// Categories, the stored appearance images, and search indexes for the account lists.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE categories (
      id serial PRIMARY KEY,
      name text NOT NULL,
      environment text NOT NULL,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE UNIQUE INDEX categories_name_live ON categories (lower(name)) WHERE deleted_at IS NULL;
    CREATE INDEX categories_name_trgm ON categories USING gin (name gin_trgm_ops);
    CREATE INDEX roles_name_trgm ON roles USING gin (name gin_trgm_ops);
    CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops);
    CREATE INDEX users_number_trgm ON users USING gin (user_number gin_trgm_ops);
    CREATE INDEX audit_logs_details_trgm ON audit_logs USING gin (details gin_trgm_ops);
    CREATE TABLE app_files (
      id serial PRIMARY KEY,
      purpose text NOT NULL,
      content_type text NOT NULL,
      bytes bytea NOT NULL,
      sha256 text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE app_files, categories`.execute(db);
}
