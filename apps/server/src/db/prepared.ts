import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

// Statements the pool sends as named prepared statements run by one plan kept on the connection, made for any values,
// instead of being planned for their values on every call (every other statement is). For the POS search, planning
// took as long as running. Left to choose, PostgreSQL keeps planning each call whenever the kept plan's estimate is
// the higher, which it was for the search at ten times the bench shop, though the kept plan ran faster: a marked
// statement is run with plan_cache_mode set to force_generic_plan, and every other statement without it. So mark only
// a statement whose every condition reads its index whatever the values, checked with EXPLAIN ANALYZE EXECUTE under
// that setting: a LIKE with a parameter, for one, reads no prefix index in such a plan (write the prefix as a range,
// `prefixEnd`).

const MARK = '/* duka_prepared */';
/** Put at the start of a statement the pool is to run by its kept plan. */
export const PREPARED = sql.raw(MARK);

/** Names kept per text: a statement's name is its text's hash, the same on every connection. */
const MAX_NAMES = 1_000;

export function prepareMarked(pool: pg.Pool) {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      if (names.size >= MAX_NAMES) names.clear();
      name = `duka_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const inner = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
    // Set before a marked statement and reset before the next other one, not around each: a till searching again
    // and again pays for neither (the session lookup between its searches is answered from memory, read-cache.ts,
    // which is why this watches only what reaches the connection). A failure to set or reset it costs a plan, never
    // rows. A transaction rolled back takes a setting made inside it back with it; marked statements run outside
    // transactions.
    let generic = false;
    const change = (statement: string) =>
      inner(statement).then(
        () => undefined,
        () => undefined,
      );
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      const marked = typeof text === 'string' && args.length <= 2 && text.startsWith(MARK);
      const run = () => (marked ? inner({ name: nameOf(text as string), text, values }) : inner(...args));
      if (marked === generic) return run();
      generic = marked;
      const changed = change(marked ? 'SET plan_cache_mode = force_generic_plan' : 'RESET plan_cache_mode');
      // A statement's text waits for the change. A query object (an export's cursor, sql-cursor.ts) must be handed
      // back at once, as its owner reads through it: the client runs its statements after the reset, asked for first.
      return typeof text === 'string' ? changed.then(run) : run();
    };
  });
}

/**
 * The first text after every text that starts with `prefix`, in byte order (code point order in UTF-8, the order of a
 * text_pattern_ops index): the prefix with its last character's successor. `column ~>=~ prefix AND column ~<~ end` is
 * exactly "starts with prefix", which such an index reads in a plan kept for any value, where a LIKE with a parameter
 * reads none. Null when the last character has no successor (U+10FFFF) or there is none: use the LIKE then.
 */
export function prefixEnd(prefix: string): string | null {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last === 0x10ffff) return null;
  // The successor, skipping the surrogates, which are no characters.
  return chars.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
}
