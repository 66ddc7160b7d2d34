// At most `count` holders at once; the others wait, first come first served. The exports use it so that downloads,
// each holding a database connection for as long as the client takes to read the file, never take the whole pool.

export interface Turns {
  /** Resolves once the caller holds a turn; it must give it back with `end`. */
  take: () => Promise<void>;
  end: () => void;
}

export function turns(count: number): Turns {
  let held = 0;
  const waiting: (() => void)[] = [];
  return {
    take: () => {
      if (held < count) {
        held++;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    // The turn passes straight to the first in line, so a new caller cannot slip in ahead of it.
    end: () => {
      const next = waiting.shift();
      if (next) next();
      else held--;
    },
  };
}
