import { vatIncluded } from '@duka/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveVat } from '../../../test/business-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { saleAt, wholeReport } from '../../../test/report-fixtures.ts';
import { makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';

// The tax report and returns: a return takes its VAT off the day it happens, never the sale's day.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await signedInApp());
  await saveVat(t, admin, 'Yes', 18);
});
afterAll(() => t.close());

describe('GET /api/reporttaxlist after a return', () => {
  it('subtracts the return’s VAT on the return’s day and keeps the sale’s day whole', async () => {
    const cement = await receiveBatch(t, admin, await makeCatalogue(t, admin), {
      quantity: 20,
      unit_price: 30_000,
      sale_price: 35_400,
    });
    const sale = await saleAt(t, admin, new Date().toISOString(), [[cement, 3]]);
    const line = (await t.call('GET', `/api/saleshow/${sale.id}`, { token: admin })).body.data.items[0];
    const back = await t.call('POST', `/api/salesreturnstore/${sale.id}`, {
      token: admin,
      body: { items: [{ sale_item_id: line.id, quantity: 1 }], reason: 'Cracked', refund_method: 'CASH' },
    });
    expect(back.status).toBe(200);
    await sql`UPDATE sales SET created_at = '2025-04-10T09:00:00Z' WHERE id = ${sale.id}`.execute(t.db);
    await sql`UPDATE sale_returns SET created_at = '2025-04-12T09:00:00Z' WHERE id = ${back.body.data.id}`.execute(
      t.db,
    );

    const saleVat = vatIncluded(3 * 35_400, 18);
    const returnVat = vatIncluded(35_400, 18);
    expect(saleVat).toBe(16_200);
    expect(returnVat).toBe(5_400);
    const april = await wholeReport(t, admin, 'reporttaxlist', {
      report_type: 'custom',
      date_range: '2025-04-01,2025-04-30',
    });
    expect(april.data.data).toEqual([
      { day: '2025-04-12', sales_count: 0, sales: -35_400, taxable: -30_000, vat: -5_400 },
      { day: '2025-04-10', sales_count: 1, sales: 106_200, taxable: 90_000, vat: 16_200 },
    ]);
    expect(april.total_tax).toBe(16_200 - 5_400);
    expect(april.total_taxable).toBe(90_000 - 30_000);
    // The sale's day alone is unchanged by the later return.
    const saleDay = await wholeReport(t, admin, 'reporttaxlist', {
      report_type: 'custom',
      date_range: '2025-04-10,2025-04-10',
    });
    expect(saleDay.total_tax).toBe(16_200);
  });
});
