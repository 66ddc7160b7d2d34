import { type Kysely, sql } from 'kysely';

// Accounts, sessions, one-time codes, settings, the audit log and the mail outbox.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`
    CREATE TABLE roles (
      id serial PRIMARY KEY,
      name text NOT NULL,
      environment text NOT NULL,
      is_admin boolean NOT NULL DEFAULT false,
      created_by integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE UNIQUE INDEX roles_name_live ON roles (lower(name)) WHERE deleted_at IS NULL;
    CREATE TABLE role_permissions (
      role_id integer NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
      permission_key text NOT NULL,
      PRIMARY KEY (role_id, permission_key)
    );
    CREATE TABLE users (
      id serial PRIMARY KEY,
      user_number text NOT NULL UNIQUE,
      name text NOT NULL,
      gender text NOT NULL,
      nin text NOT NULL,
      phone_number text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      role_id integer NOT NULL REFERENCES roles(id),
      environment text NOT NULL,
      is_locked boolean NOT NULL DEFAULT false,
      failed_attempts integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      must_change_password boolean NOT NULL DEFAULT false,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      temp_password_hash text,
      temp_password_expires_at timestamptz,
      last_login_at timestamptz,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    ALTER TABLE roles ADD FOREIGN KEY (created_by) REFERENCES users(id);
    CREATE UNIQUE INDEX users_email_live ON users (lower(email)) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX users_phone_live ON users (phone_number) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX users_nin_live ON users (nin) WHERE deleted_at IS NULL;
    CREATE INDEX users_name_trgm ON users USING gin (name gin_trgm_ops);
    CREATE TABLE password_history (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX password_history_user ON password_history (user_id, id DESC);
    CREATE TABLE sessions (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_user ON sessions (user_id);
    CREATE TABLE otps (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX otps_user ON otps (user_id, id DESC);
    CREATE TABLE settings (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE audit_logs (
      id bigserial PRIMARY KEY,
      type text NOT NULL,
      activity text NOT NULL,
      details text NOT NULL,
      browser text NOT NULL,
      platform text NOT NULL,
      ip text NOT NULL,
      user_id integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_logs_created ON audit_logs (created_at DESC);
    CREATE TABLE outbox (
      id bigserial PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );
    CREATE INDEX outbox_pending ON outbox (id) WHERE status = 'pending';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE outbox, audit_logs, settings, otps, sessions, password_history, users, role_permissions, roles CASCADE`.execute(
    db,
  );
}
