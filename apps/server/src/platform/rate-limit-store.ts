// The rate limits' counts (sign-in, one-time codes, password reset) kept in the database, so nodes sharing it share
// them: kept in each node's memory, two nodes allowed twice the attempts. One upsert per limited request, on the
// database's clock so every node agrees when a window ends.
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

type Counted = (err: Error | null, result?: { current: number; ttl: number }) => void;
/** What @fastify/rate-limit hands a store: a route's own limiter carries its route and its window. */
type LimiterOptions = { routeInfo?: { method?: string | string[]; url?: string }; timeWindow?: unknown };
const MINUTE_MS = 60_000;

/** Ended windows are deleted at most this often by each node. */
const SWEEP_MS = 60_000;

/** A store class for @fastify/rate-limit's `store` option, counting in `request_counts`. */
export function databaseRateStore(db: Database) {
  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_MS) return;
    lastSweep = Date.now();
    sql`delete from request_counts where window_ends_at < now()`.execute(db).catch(() => {});
  };

  return class DatabaseRateStore {
    /** Each route counts apart (its method and path before the key), as the plugin's own store does. */
    private readonly prefix: string;
    private readonly timeWindow: number;

    constructor(options: LimiterOptions = {}) {
      const route = options.routeInfo;
      this.prefix = route?.url ? `${[route.method].flat().join(',')} ${route.url} ` : '';
      this.timeWindow = typeof options.timeWindow === 'number' ? options.timeWindow : MINUTE_MS;
    }

    /** The plugin passes the window it resolved for the request; the route's own is the fallback. */
    incr(key: string, done: Counted, timeWindow = this.timeWindow) {
      sweep();
      sql<{ hits: number; ttl: number }>`
        insert into request_counts as c (key, hits, window_ends_at)
        values (${this.prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
          window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
        returning hits, greatest(0, ceil(extract(epoch from window_ends_at - now()) * 1000))::int as ttl`
        .execute(db)
        .then(
          ({ rows }) => done(null, { current: rows[0]?.hits ?? 1, ttl: rows[0]?.ttl ?? timeWindow }),
          (err: Error) => done(err),
        );
    }

    child(options: object) {
      return new DatabaseRateStore(options as LimiterOptions);
    }
  };
}
