// One PostgreSQL server for the whole API run: the embedded one (default) or the server in TEST_DATABASE_URL.
// A template database is migrated and seeded once; each test file clones it (see test-app.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateToLatest } from '../src/db/connection.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';

let embedded: EmbeddedServer | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-test-'));
    fs.chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres(dataDir, () => {});
    serverUrl = embedded.url('postgres');
  }
  const template = `duka_template_${randomBytes(4).toString('hex')}`;
  const teardown = async () => {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
    const db = createDatabase(withDatabase(serverUrl, template), 2);
    try {
      await migrateToLatest(db);
      await seedDatabase(db, { demo: true, demoStock: false });
    } finally {
      await db.destroy();
    }
  } catch (error) {
    // A failed migration ends the run before its teardown is known: the database server would outlive it.
    await teardown();
    throw error;
  }
  project.provide('serverUrl', serverUrl);
  project.provide('templateDatabase', template);
  return teardown;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(url: string, text: string) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    templateDatabase: string;
  }
}
