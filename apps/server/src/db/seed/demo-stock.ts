import type { Transaction } from 'kysely';
import type { DB } from '../schema.ts';

// A small hardware shop's catalogue and stock, so a first `npm start` opens on a POS with something to sell.
const CATALOGUE = [
  {
    category: 'Cement',
    product: 'Portland Cement 50kg',
    brand: 'Tororo',
    unit: 'Bag',
    qty: 120,
    cost: 31_000,
    price: 35_000,
    min: 20,
  },
  {
    category: 'Cement',
    product: 'Portland Cement 50kg',
    brand: 'Hima',
    unit: 'Bag',
    qty: 80,
    cost: 30_500,
    price: 34_500,
    min: 20,
  },
  {
    category: 'Roofing',
    product: 'Iron Sheet 28 Gauge',
    brand: 'Roofings',
    unit: 'Sheet',
    qty: 60,
    cost: 38_000,
    price: 45_000,
    min: 10,
  },
  {
    category: 'Roofing',
    product: 'Roofing Nails',
    brand: 'Steel Masters',
    unit: 'Kg',
    qty: 45.5,
    cost: 7_000,
    price: 9_000,
    min: 10,
  },
  {
    category: 'Steel & Wire',
    product: 'Binding Wire',
    brand: 'Steel Masters',
    unit: 'Kg',
    qty: 8,
    cost: 8_500,
    price: 11_000,
    min: 10,
  },
  {
    category: 'Steel & Wire',
    product: 'Y12 Steel Bar',
    brand: 'Uganda Baati',
    unit: 'Piece',
    qty: 150,
    cost: 36_000,
    price: 42_000,
    min: 30,
  },
];

export async function seedDemoStock(trx: Transaction<DB>, adminId: number) {
  const environment = 'PRODUCTION';
  const ids = {
    category: new Map<string, number>(),
    product: new Map<string, number>(),
    unit: new Map<string, number>(),
  };
  const supplier = await trx
    .insertInto('suppliers')
    .values({
      supplier_number: 'SR0000000000DEMO',
      name: 'Kampala Hardware Wholesale',
      phone_number: '0772000222',
      email: 'orders@kampalahardware.test',
      tin: '1000777777',
      country: 'Uganda',
      address: 'Nakivubo Road, Kampala',
      environment,
      created_by: adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const once = async (map: Map<string, number>, key: string, insert: () => Promise<{ id: number }>) => {
    if (!map.has(key)) map.set(key, (await insert()).id);
    return map.get(key) as number;
  };
  for (const [index, item] of CATALOGUE.entries()) {
    const categoryId = await once(ids.category, item.category, () =>
      trx
        .insertInto('categories')
        .values({ name: item.category, environment, created_by: adminId })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const productId = await once(ids.product, item.product, () =>
      trx
        .insertInto('products')
        .values({ name: item.product, category_id: categoryId, environment, created_by: adminId })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const unitId = await once(ids.unit, item.unit, () =>
      trx
        .insertInto('measurements')
        .values({ name: item.unit, environment, created_by: adminId })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const brand = await trx
      .insertInto('brands')
      .values({ name: item.brand, product_id: productId, environment, created_by: adminId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('stock_batches')
      .values({
        batch_number: `BN${String(index + 1).padStart(14, '0')}`,
        product_id: productId,
        brand_id: brand.id,
        measurement_id: unitId,
        supplier_id: supplier.id,
        quantity: item.qty,
        unit_price: item.cost,
        total_cost: Math.round(item.qty * item.cost),
        sale_price: item.price,
        min_stock_level: item.min,
        balance: item.qty,
        stock_date: new Date().toISOString().slice(0, 10),
        environment,
        created_by: adminId,
      })
      .execute();
  }
}
