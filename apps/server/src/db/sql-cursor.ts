import type pg from 'pg';

// Kysely's .stream() on PostgreSQL asks the dialect for a cursor class (the pg-cursor interface: read(n), close()).
// This one is a server-side SQL cursor on the pool client that runs the query: a read-only transaction, DECLARE, then
// FETCH n per read, so an export holds one chunk of rows at a time and reads the next only when it is asked for.
// Not for use inside a transaction of its own connection (its COMMIT would end that transaction).

let cursorCount = 0;

export class SqlCursor {
  private run?: (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  private readonly name = `duka_cursor_${++cursorCount}`;
  private opened = false;
  private closed = false;
  /** The next page, asked for while the caller writes the last one. */
  private ahead?: Promise<unknown[]>;

  constructor(
    private readonly text: string,
    private readonly values: unknown[],
  ) {}

  /** Called by the pool client's query() (see attachCursors), which returns the cursor itself to Kysely. */
  attach(run: (text: string, values?: unknown[]) => Promise<pg.QueryResult>) {
    this.run = run;
    return this;
  }

  async read<T>(rows: number): Promise<T[]> {
    const run = this.run;
    if (!run) throw new Error('SqlCursor: not attached to a client');
    if (this.closed) return [];
    if (!this.opened) {
      this.opened = true;
      await run('begin read only');
      await run(`declare ${this.name} no scroll cursor for ${this.text}`, this.values);
    }
    const count = Math.max(1, Math.floor(rows));
    const fetch = () => {
      const next = run(`fetch ${count} from ${this.name}`).then((r) => r.rows);
      // Read only if the caller asks for another page: a failure is reported then.
      next.catch(() => {});
      return next;
    };
    const page = await (this.ahead ?? fetch());
    // The next page is asked for now, while the caller writes this one, so the database reads it as Node formats
    // (two cores at work instead of one at a time); one page ahead at most, so a slow client still holds two pages.
    this.ahead = page.length === count ? fetch() : undefined;
    return page as T[];
  }

  async close(): Promise<void> {
    if (this.closed || !this.opened || !this.run) {
      this.closed = true;
      return;
    }
    this.closed = true;
    await this.run('rollback'); // read only: nothing to keep; ends the cursor with the transaction
  }
}

/** Lets a pool's clients run SqlCursor objects handed to query() (Kysely's streamQuery does that). */
export function attachCursors(pool: pg.Pool) {
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
    (client as { query: unknown }).query = (...args: unknown[]) =>
      args[0] instanceof SqlCursor ? args[0].attach((text, values) => original(text, values)) : original(...args);
  });
}
