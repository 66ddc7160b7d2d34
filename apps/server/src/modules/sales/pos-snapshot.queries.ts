import type { PosSnapshotAnswer } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

// The till's local copy for selling offline: every batch with stock of a live product, and the names it
// refers to once each, the units its products are also sold in (so the till prices a Tonne of a batch of Bags as the
// server will), and the customers it may sell to on account. Read in one repeatable-read transaction so the names and the batches are of the same moment.

export function readPosSnapshot(db: Database): Promise<PosSnapshotAnswer> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows: now } = await sql<{ taken_at: Date }>`SELECT now() AS taken_at`.execute(trx);
      // The batches the till may sell. The names they refer to are read by this same condition, not by a list of the
      // ids read first: a chain's 200,000 products are more ids than a query may carry as parameters (65,535).
      const sellable = () =>
        trx
          .selectFrom('stock_batches as s')
          .innerJoin('products as p', 'p.id', 's.product_id')
          .where('s.deleted_at', 'is', null)
          .where('s.balance', '>', 0)
          .where('p.deleted_at', 'is', null);
      const batches = await sellable()
        .select([
          's.batch_number',
          's.product_id',
          's.brand_id',
          's.measurement_id',
          's.sale_price',
          's.balance',
          sql<string>`to_char(s.stock_date, 'YYYY-MM-DD')`.as('stock_date'),
        ])
        .orderBy('s.product_id')
        .orderBy('s.stock_date')
        .orderBy('s.id')
        .execute();
      const [products, brands, productUnits, measurements, customers] = await Promise.all([
        trx
          .selectFrom('products')
          .select(['id', 'name', 'barcode', 'sku'])
          .where('id', 'in', sellable().select('s.product_id'))
          .execute(),
        // A batch without a brand refers to none (the till shows NO_BRAND).
        trx.selectFrom('brands').select(['id', 'name']).where('id', 'in', sellable().select('s.brand_id')).execute(),
        trx
          .selectFrom('product_units')
          .select(['product_id', 'measurement_id', 'factor', 'bulk_discount_percent'])
          .where('product_id', 'in', sellable().select('s.product_id'))
          .orderBy('product_id')
          .orderBy('factor')
          .execute(),
        // The units' names too: a line in Tonnes is named Tonne.
        trx
          .selectFrom('measurements')
          .select(['id', 'name', 'plural'])
          .where((eb) =>
            eb.or([
              eb('id', 'in', sellable().select('s.measurement_id')),
              eb(
                'id',
                'in',
                eb
                  .selectFrom('product_units')
                  .select('measurement_id')
                  .where('product_id', 'in', sellable().select('s.product_id')),
              ),
            ]),
          )
          .execute(),
        // Those who may buy on account (a limit) and those whose balance a sale on account would meet (a debt or an
        // advance): a customer with neither could put nothing on account offline.
        trx
          .selectFrom('customers')
          .select(['id', 'customer_number', 'name', 'phone_number', 'balance', 'credit_limit'])
          .where('deleted_at', 'is', null)
          .where((eb) => eb.or([eb('credit_limit', '>', 0), eb('balance', '<>', 0)]))
          .orderBy('id')
          .execute(),
      ]);
      return {
        taken_at: (now[0]?.taken_at ?? new Date()).toISOString(),
        products,
        brands,
        measurements,
        batches: batches.map((b) => ({ ...b, sale_price: Number(b.sale_price), balance: Number(b.balance) })),
        product_units: productUnits.map((u) => ({
          ...u,
          factor: Number(u.factor),
          bulk_discount_percent: Number(u.bulk_discount_percent),
        })),
        customers: customers.map((c) => ({ ...c, balance: Number(c.balance), credit_limit: Number(c.credit_limit) })),
      };
    });
}
