// How the point of sale holds up with 20,000 products: the product search and a one-line sale, over real HTTP
// against a real PostgreSQL. Prints figures; passes or fails on nothing. Run: npm run bench
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { createTestApp, type TestApp } from '../apps/server/test/test-app.ts';
import { generateShop } from './generate.ts';

let t: TestApp;
let token: string;
let batchNumbers: string[];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn();
  await generateShop(t.db, 20_000);
  batchNumbers = (await t.db.selectFrom('stock_batches').select('batch_number').limit(500).execute()).map(
    (b) => b.batch_number,
  );
}, 120_000);
afterAll(() => t?.close());

let round = 0;
describe('point of sale with 20,000 products', () => {
  bench('GET /getproductsinstock?search=… (server-side product search)', async () => {
    const term = `Product ${(round++ * 7919) % 20_000}`;
    await t.call('GET', `/api/getproductsinstock?search=${encodeURIComponent(term)}`, { token });
  });

  bench('POST /salesstore (one line, 1 unit)', async () => {
    const batchNumber = batchNumbers[round++ % batchNumbers.length] as string;
    await t.call('POST', '/api/salesstore', {
      token,
      body: {
        customerName: 'Bench',
        customerPhone: '0700000000',
        items: [{ batchNumber, quantity: 1 }],
        paymentMethod: 'CASH',
        idempotencyKey: randomUUID(),
      },
    });
  });
});
