import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

// Statements the pool sends as named prepared statements, so that PostgreSQL may keep their plan on the connection
// instead of planning them on every call. Every other statement goes unnamed and is planned for its values, each time.
// After five calls PostgreSQL plans a prepared statement once for any values and keeps that plan while its estimated
// cost is no worse than the plans made for the values so far; otherwise it goes on planning each call as before.
// Only statements whose every condition can use its index whatever the values are worth marking: a LIKE with a
// parameter, for one, uses no prefix index in a plan made for any value (write the prefix as a range).

const MARK = '/* duka_prepared */';
/** Put at the start of a statement the pool is to send as a named prepared statement. */
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
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text === 'string' && args.length <= 2 && text.startsWith(MARK))
        return inner({ name: nameOf(text), text, values });
      return inner(...args);
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
