// Exports must not eat the server's memory: a month of sales as CSV once grew the server by ~1.2 GB for good,
// because every row built its own date formatter. The app runs in this process, so its memory is ours to read.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInApp } from '../../../test/crud-contract.ts';
import { insertSales } from '../../../test/report-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';

const SALES = 5_000;
const RUNS = 10;

// A full collection before each reading, so only memory that is kept (not garbage waiting) counts.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const settledRss = () => {
  gc();
  gc();
  return process.memoryUsage().rss;
};

/**
 * V8 widens its young generation once, up to a fixed ceiling (here 128 MB), after enough objects have survived;
 * any busy server gets there and stays. Getting there before the first reading keeps that one-off step, which is
 * not kept data, out of the measure.
 */
function growYoungGeneration() {
  let survivors: object[] = [];
  for (let i = 0; i < 5_000_000; i++) {
    survivors.push({ i });
    if (survivors.length > 200_000) survivors = [];
  }
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await signedInApp());
  // Straight into the table: thousands of sales through the API would take longer than the exports.
  await insertSales(t, SALES, {
    key: 'memory-',
    customer: sql`'Customer ' || g`,
    at: sql`timestamptz '2026-10-01 08:00+03' + g * interval '7 minutes'`,
    total: 10_000,
    method: 'MOBILE_MONEY',
  });
});
afterAll(() => t.close());

it('writes every sale once, newest first, across the pages the cursor reads', async () => {
  const res = await fetch(`${t.url}/api/salecsv?startDate=2026-01-01&endDate=2026-12-31`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  // Below the preamble and the header, the customer's name is the second cell: Customer 5000 was the last sale made.
  const customers = (await res.text())
    .trimEnd()
    .split('\n')
    .slice(7)
    .map((line) => line.split(',')[1]);
  expect(customers).toEqual(Array.from({ length: SALES }, (_, i) => `Customer ${SALES - i}`));
});

/** Streams the sales CSV over a big period and counts its lines, keeping none, so only the server's memory counts. */
async function exportSales(): Promise<number> {
  const res = await fetch(`${t.url}/api/salecsv?startDate=2026-01-01&endDate=2026-12-31`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return lines;
}

it('exports a big period ten times in a row without keeping the memory', { timeout: 180_000 }, async () => {
  // The first export loads the code it runs and sizes the allocator's pools: what is kept after it is the measure.
  await exportSales();
  growYoungGeneration();
  const before = settledRss();
  for (let run = 0; run < RUNS; run++) {
    // Preamble (title, period, three totals, a blank line), the header, then one line per sale.
    expect(await exportSales()).toBe(SALES + 7);
  }
  const grownMb = (settledRss() - before) / 2 ** 20;
  expect(grownMb).toBeLessThan(100);
});
