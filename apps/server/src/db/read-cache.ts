import { sql } from 'kysely';
import type pg from 'pg';

// Reads answered from memory while nothing they read has changed: a list's exact total for page 2+ of the
// same query, and the session lookup every signed-in request makes (a sale would otherwise pay one more round trip
// for it). A statement is cacheable when it selects a column whose alias starts with `duka_cached_` (COUNTED_AS,
// CACHEABLE); the pool answers a repeat of the same SQL and parameters from memory while no write has touched any
// table it reads. Every statement through the pool is watched: a write names its tables (INSERT INTO / UPDATE /
// DELETE FROM / TRUNCATE), and those tables count as changing from the moment the write is sent until its transaction
// ends (or the statement, outside one). A read is cached only if no write to its tables ran or finished while it was
// read, and reads inside a transaction are never cached nor answered from the cache (they may see that transaction's
// own writes). So signing out, locking a user or changing a role's keys takes effect on the very next request. Other
// nodes sharing the database are not seen, so an entry also expires after a few seconds.

/** The alias paginate() gives its count column: the pool's cue that the statement is a cacheable count. */
export const COUNTED_AS = 'duka_cached_count';
/** Selected by any other read the pool may answer from memory (the session lookup, a role's keys). */
export const CACHEABLE = sql<true>`true`.as('duka_cached_read');
const MARK = '"duka_cached_';

const TTL_MS = 5_000;
const MAX_ENTRIES = 500;
const WRITE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?(\w+)"?/gi;
const READ = /\b(?:from|join)\s+(?:only\s+)?(?:"?public"?\.)?"?(\w+)"?/gi;
// A statement this watcher cannot attribute to tables (a function call may write anywhere): every table changes.
const ALL = '*';

// Tables the database's triggers write when these are written (migrations 020, 021): sale totals and line rollups.
const KEPT_BY_TRIGGERS: Record<string, string[]> = {
  sales: ['sale_items', 'sale_totals', 'sale_product_months', 'sale_supplier_days'],
  // Migration 046: a line dated in an ended month changes the closed months' version.
  sale_items: ['sale_totals', 'sale_product_months', 'sale_supplier_days', 'closed_months_version'],
  sale_payments: ['sale_totals'],
  sale_returns: ['sale_totals'],
  // Migrations 039, 043 and 050: the stock's day totals, the suppliers' stock values and what they delivered each day
  // follow the batches.
  stock_batches: ['sale_supplier_days', 'stock_totals', 'supplier_stock_values', 'supplier_received_days'],
  // Migration 041: a product's words follow its name; migration 039: its batches' sort names too.
  products: ['product_words', 'stock_batches'],
  // Migration 040: the days and months of the sale totals follow their slots (read transitively, below); migration 051
  // reads the slots' rows through a view of its own.
  sale_totals: ['sale_totals_days', 'sale_totals_months', 'sale_totals_rows'],
};

const tablesOf = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].map((m) => m[1].toLowerCase()));

// Statement texts repeat (the query builder gives one text per shape of query), so each is read once.
const MAX_TEXTS = 2_000;
function perText<T>(read: (statement: string) => T) {
  const seen = new Map<string, T>();
  return (statement: string) => {
    let found = seen.get(statement);
    if (found === undefined) {
      if (seen.size >= MAX_TEXTS) seen.clear();
      found = read(statement);
      seen.set(statement, found);
    }
    return found;
  };
}

/**
 * What the watcher needs of a statement: whether it opens or ends a transaction, whether it is a cacheable read,
 * and the tables it writes, with those the database's triggers keep (ALL when it cannot tell).
 */
const statementOf = perText((statement) => {
  // Judged by its first word, past any comment before it (a marked statement's, db/prepared.ts).
  const head = statement
    .replace(/^\s*(?:\/\*[\s\S]*?\*\/\s*)*/, '')
    .slice(0, 20)
    .toLowerCase();
  const written = tablesOf(statement, WRITE);
  // A Set's loop also visits what is added during it: tables kept from kept tables count too.
  for (const t of written) for (const kept of KEPT_BY_TRIGGERS[t] ?? []) written.add(kept);
  if (!written.size && !/^(select|with|values|show|set|reset|savepoint|release|rollback|begin|start)\b/.test(head))
    written.add(ALL);
  return {
    opens: /^(begin|start transaction)\b/.test(head),
    ends: /^(commit|rollback|end)\b/.test(head) && !/^rollback\s+to\b/.test(head),
    cacheable: statement.includes(MARK),
    written: [...written],
  };
});
const readBy = perText((statement) => [...tablesOf(statement, READ)]);

interface Entry {
  result: pg.QueryResult;
  tables: string[];
  generations: number[];
  at: number;
}

export function cacheReads(pool: pg.Pool) {
  const generation = new Map<string, number>();
  const writing = new Map<string, number>();
  const cache = new Map<string, Entry>();
  const gen = (t: string) => (generation.get(t) ?? 0) + (generation.get(ALL) ?? 0);
  const busy = (tables: string[]) => (writing.get(ALL) ?? 0) > 0 || tables.some((t) => (writing.get(t) ?? 0) > 0);
  const start = (tables: Iterable<string>) => {
    for (const t of tables) {
      writing.set(t, (writing.get(t) ?? 0) + 1);
      generation.set(t, (generation.get(t) ?? 0) + 1);
    }
  };
  const finish = (tables: Iterable<string>) => {
    for (const t of tables) {
      writing.set(t, (writing.get(t) ?? 1) - 1);
      generation.set(t, (generation.get(t) ?? 0) + 1);
    }
  };

  pool.on('connect', (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
    let inTransaction = false;
    const pending = new Set<string>();
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text !== 'string' || args.length > 2 || (values !== undefined && !Array.isArray(values)))
        return original(...args);
      const { opens, ends, cacheable, written } = statementOf(text);
      if (opens) inTransaction = true;
      else if (ends) {
        return original(...args).finally(() => {
          inTransaction = false;
          finish(pending);
          pending.clear();
        });
      }
      if (cacheable && !inTransaction) return cached(text, values as unknown[] | undefined);
      if (!written.length) return original(...args);
      start(written);
      if (inTransaction) {
        for (const t of written) {
          if (pending.has(t)) finish([t]);
          pending.add(t);
        }
        return original(...args);
      }
      return original(...args).finally(() => finish(written));
    };

    async function cached(text: string, values: unknown[] | undefined) {
      const key = `${text}\u0000${JSON.stringify(values ?? [])}`;
      const hit = cache.get(key);
      if (
        hit &&
        Date.now() - hit.at < TTL_MS &&
        !busy(hit.tables) &&
        hit.tables.every((t, i) => gen(t) === hit.generations[i])
      )
        return hit.result;
      cache.delete(key);
      const tables = readBy(text);
      const before = tables.map(gen);
      const wasBusy = busy(tables);
      const result = await original(text, values);
      if (!wasBusy && !busy(tables) && tables.every((t, i) => gen(t) === before[i])) {
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        cache.set(key, { result, tables, generations: before, at: Date.now() });
      }
      return result;
    }
  });
}
