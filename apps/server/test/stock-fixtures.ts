// Stock for sales and stock tests, made through the API as a user would: a catalogue and batches.
import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app.ts';

export interface Batch {
  id: number;
  batch_number: string;
  product_id: number;
  brand_id: number;
  measurement_id: number;
}

async function expectOk(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  if (r.status !== 200) throw new Error(`fixture call failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A product with a brand, measurement and supplier; `name` keeps products apart within one test file. */
export async function makeCatalogue(t: TestApp, token: string, name = `Cement ${randomBytes(3).toString('hex')}`) {
  const environment = 'PRODUCTION';
  const category = await expectOk(
    t.call('POST', '/api/categorystore', { token, body: { name: `Cat ${name}`, environment } }),
  );
  const product = await expectOk(
    t.call('POST', '/api/productstore', { token, body: { name, category_id: category.data.id, environment } }),
  );
  const brand = await expectOk(
    t.call('POST', '/api/brandstore', { token, body: { name: 'Tororo', product_ids: [product.data.id], environment } }),
  );
  const measurement = await expectOk(
    t.call('POST', '/api/measurementstore', { token, body: { name: `Bag ${name}`, environment } }),
  );
  const supplier = await expectOk(
    t.call('POST', '/api/supplierstore', {
      token,
      body: {
        name: 'Hima Supplies',
        phone_number: '0772000111',
        email: 'sales@hima.test',
        tin: '1000123456',
        country: 'Uganda',
        address: 'Plot 4, Jinja Road, Kampala',
        environment,
      },
    }),
  );
  return {
    product_id: product.data.id as number,
    brand_id: brand.data[0].id as number,
    measurement_id: measurement.data.id as number,
    supplier_id: supplier.data.id as number,
  };
}

export type Catalogue = Awaited<ReturnType<typeof makeCatalogue>>;

export async function receiveBatch(
  t: TestApp,
  token: string,
  catalogue: Catalogue,
  { quantity = 10, unit_price = 30_000, sale_price = 35_000, min_stock_level = 2, stock_date = '2026-11-20' } = {},
): Promise<Batch> {
  const created = await expectOk(
    t.call('POST', '/api/stockstore', {
      token,
      body: { ...catalogue, quantity, unit_price, sale_price, min_stock_level, stock_date, environment: 'PRODUCTION' },
    }),
  );
  return { id: created.data.id, batch_number: created.data.batch_number, ...catalogue };
}

/** Balance, sold and written off of a batch, straight from the database. */
export const batchState = (t: TestApp, id: number) =>
  t.db
    .selectFrom('stock_batches')
    .select(['quantity', 'quantity_sold', 'quantity_adjusted', 'balance', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
