// Exits 0 when the PostgreSQL server at the given URL answers, 1 otherwise (with the reason).
import pg from 'pg';

const client = new pg.Client({ connectionString: process.argv[2], connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
} catch (err) {
  console.error(`PostgreSQL at ${process.argv[2]} is not reachable: ${err.message}`);
  process.exit(1);
}
