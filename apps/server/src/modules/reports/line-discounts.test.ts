// A sale's discount spread over its lines: the rule in shared (largest remainder) and migration 007's SQL backfill,
// which must give the very same shares.
import { spreadDiscount } from '@duka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleAt } from '../../../test/report-fixtures.ts';
import { type Batch, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { spreadStoredDiscounts } from '../../db/migrations/007_sale_line_discounts.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('spreadDiscount', () => {
  it('gives each line its share rounded down and the odd shillings to the largest remainders', () => {
    expect(spreadDiscount([35_000, 24_690], 4_477)).toEqual([2_625, 1_852]);
    expect(spreadDiscount([100, 200, 300], 60)).toEqual([10, 20, 30]);
  });

  it('breaks a tie in favour of the earlier line', () => {
    expect(spreadDiscount([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(spreadDiscount([5, 5], 1)).toEqual([1, 0]);
  });

  it('always adds up to the discount, never takes a line below 0, and keeps large amounts exact', () => {
    let seed = 7;
    const next = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % max;
    };
    for (let run = 0; run < 500; run++) {
      const lines = Array.from({ length: 1 + next(8) }, () => next(2_000_000));
      const discount = next(sum(lines) + 1);
      const shares = spreadDiscount(lines, discount);
      expect(sum(shares)).toBe(discount);
      shares.forEach((share, i) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(lines[i] as number);
      });
    }
    const big = [4_000_000_000_000_001, 3_000_000_000_000_000];
    expect(sum(spreadDiscount(big, 1_000_000_000_000_001))).toBe(1_000_000_000_000_001);
  });

  it('gives nothing to spread nothing, and refuses a discount above the subtotal', () => {
    expect(spreadDiscount([0, 0], 0)).toEqual([0, 0]);
    expect(spreadDiscount([10, 20], 0)).toEqual([0, 0]);
    expect(() => spreadDiscount([10], 11)).toThrow(RangeError);
  });
});

describe('migration 007 backfill', () => {
  let t: TestApp;
  let batches: Batch[];
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.signIn();
    batches = [];
    for (const [name, price] of [
      ['Cement', 35_000],
      ['Nails', 12_345],
      ['Wire', 999],
    ] as const) {
      batches.push(
        await receiveBatch(t, admin, await makeCatalogue(t, admin, name), { quantity: 1000, sale_price: price }),
      );
    }
    const [a, b, c] = batches as [Batch, Batch, Batch];
    const carts: [[Batch, number][], number][] = [
      [
        [
          [a, 1],
          [b, 2],
          [c, 3],
        ],
        7.5,
      ],
      [
        [
          [a, 1],
          [b, 1],
        ],
        33.33,
      ],
      [
        [
          [c, 1],
          [b, 1.5],
          [a, 0.25],
        ],
        12.5,
      ],
      [[[b, 3]], 10],
      [
        [
          [a, 2],
          [c, 7],
        ],
        0,
      ],
    ];
    for (const [lines, discount] of carts) await saleAt(t, admin, new Date().toISOString(), lines, discount);
  });
  afterAll(() => t.close());

  it('gives existing sales the same shares as spreadDiscount', async () => {
    const spreadInNode = await t.db.selectFrom('sale_items').select(['id', 'discount_amount']).orderBy('id').execute();
    expect(spreadInNode.some((l) => l.discount_amount > 0)).toBe(true);
    await t.db.updateTable('sale_items').set({ discount_amount: 0 }).execute();
    await spreadStoredDiscounts(t.db);
    const spreadInSql = await t.db.selectFrom('sale_items').select(['id', 'discount_amount']).orderBy('id').execute();
    expect(spreadInSql).toEqual(spreadInNode);
  });
});
