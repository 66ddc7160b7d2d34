// A batch's quantities in the units of its product (packages/shared/src/unit-amounts.ts has the arithmetic). Stock
// is kept in the product's base unit; receiving and writing off may name another unit of the product, which is
// turned into base units here, and the lists show a base balance in the largest whole units beside it.
import {
  inexactQuantity,
  inLargestUnits,
  quantityWithUnit,
  toBaseQuantity,
  type UnitName,
  type UnitOfProduct,
  unitEquation,
} from '@duka/shared';
import { type KyselyPlugin, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { invalidField } from '../../platform/errors.ts';

type Trx = Transaction<DB>;

export interface UnitRow extends UnitName {
  measurement_id: number;
}

/** A quantity as entered in `unit`, which holds `factor` base units (1: the base itself). */
export interface ChosenUnit {
  productName: string;
  base: UnitRow;
  unit: UnitRow;
  factor: number;
}

/** "Bag", "Bag or Tonne", "Bag, Tonne or Truck". */
const either = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;

/**
 * The unit `measurementId` of a product counted in `baseId`: the base (factor 1) or one of the units it declared
 * against that base. Refused on `field` when it is neither, naming the units it may be `verb` in. The product's row
 * is read FOR SHARE: a change of its units waits for this transaction, and sees the batch it wrote.
 */
export async function chosenUnit(
  trx: Trx,
  { productId, baseId, measurementId }: { productId: number; baseId: number; measurementId: number },
  { field, verb }: { field: string; verb: string },
): Promise<ChosenUnit> {
  const product = await trx
    .selectFrom('products')
    .select(['name', 'base_measurement_id'])
    .where('id', '=', productId)
    .forShare()
    .executeTakeFirstOrThrow();
  const base = await trx
    .selectFrom('measurements')
    .select(['id as measurement_id', 'name', 'plural'])
    .where('id', '=', baseId)
    .executeTakeFirstOrThrow();
  // Units declared against another base would not hold `factor` of this one.
  const units =
    product.base_measurement_id === baseId
      ? await trx
          .selectFrom('product_units as u')
          .innerJoin('measurements as m', 'm.id', 'u.measurement_id')
          .select(['u.measurement_id', 'm.name', 'm.plural', 'u.factor'])
          .where('u.product_id', '=', productId)
          .where('m.deleted_at', 'is', null)
          .orderBy('u.factor')
          .orderBy('m.name')
          .execute()
      : [];
  if (measurementId === baseId) return { productName: product.name, base, unit: base, factor: 1 };
  const unit = units.find((u) => u.measurement_id === measurementId);
  if (!unit)
    throw invalidField(
      field,
      `${product.name} is counted in ${base.name}; it may be ${verb} in ${either([base.name, ...units.map((u) => u.name)])}.`,
    );
  const { factor, ...named } = unit;
  return { productName: product.name, base, unit: named, factor };
}

/** `quantity` of the chosen unit in base units, refused on `field` when it does not convert to 3 decimals. */
export function inBaseUnits(chosen: ChosenUnit, quantity: number, field: string): number {
  const base = toBaseQuantity(quantity, chosen.factor);
  if (base === null) throw invalidField(field, inexactQuantity(quantity, chosen.unit, chosen.factor));
  return base;
}

/** "2 Tonnes = 40 Bags" for a quantity in another unit; "40 Bags" in the base. */
export const enteredAs = (chosen: ChosenUnit, quantity: number, baseQuantity: number) =>
  chosen.factor === 1 && chosen.unit.measurement_id === chosen.base.measurement_id
    ? quantityWithUnit(baseQuantity, chosen.base)
    : unitEquation(quantity, chosen.unit, baseQuantity, chosen.base);

/** The measurement row `alias` as JSON, `{ id, name, plural }`: a document line's unit (orders, receipts, quotes). */
export const unitWithId = (alias: string) =>
  sql<{ id: number; name: string; plural: string | null }>`json_build_object(
    'id', ${sql.ref(`${alias}.id`)}, 'name', ${sql.ref(`${alias}.name`)}, 'plural', ${sql.ref(`${alias}.plural`)})`;

/** A unit as the reads below give it as JSON, `{ name, plural }`. */
export const unitJson = (id: string) =>
  sql<UnitName | null>`(SELECT json_build_object('name', m.name, 'plural', m.plural) FROM measurements m
    WHERE m.id = ${sql.ref(id)})`;

/**
 * A batch's unit and the other units of its product, as one JSON value `{ base, units }` read in the row's own
 * statement: PostgreSQL evaluates it for the page's rows only, after the sort and limit, one index lookup of
 * product_units each (its unique key starts with product_id). A second query for the page's products would have to
 * run beside an export's open cursor, on a second connection of the pool, and no list hook sees a page whole.
 * Units declared against another base than the batch's unit are left out: they do not hold `factor` of it.
 */
export const unitsOfBatch = (productId: string, measurementId: string) =>
  sql<UnitsOfBatch>`json_build_object(
    'base', ${unitJson(measurementId)},
    'units', coalesce((
      SELECT json_agg(json_build_object(
        'measurement_id', u.measurement_id, 'name', m.name, 'plural', m.plural, 'factor', u.factor))
      FROM product_units u
      JOIN products p ON p.id = u.product_id AND p.base_measurement_id = ${sql.ref(measurementId)}
      JOIN measurements m ON m.id = u.measurement_id AND m.deleted_at IS NULL
      WHERE u.product_id = ${sql.ref(productId)}), '[]'::json))`;

/** The balance of a row that read unitsOfBatch, in the largest whole units first: "1 Box + 22 Kg". */
export const balanceInUnits = (balance: number, { base, units }: UnitsOfBatch) =>
  inLargestUnits(
    balance,
    base ?? { name: '' },
    units.map((u) => ({ ...u, factor: Number(u.factor) })),
  ).trim();

/**
 * Replaces each read row's `units_of_batch` (unitsOfBatch) with `balance_in_units`, as the rows come, for a list
 * whose rows are shown by a rule it shares with lists without units (the inventory reports' status). Rows without
 * it (the page's count) pass unchanged.
 */
export const balanceInUnitsAsRead: KyselyPlugin = {
  transformQuery: ({ node }) => node,
  transformResult: async ({ result }) => ({
    ...result,
    rows: result.rows.map((row) => {
      if (!('units_of_batch' in row)) return row;
      const { units_of_batch, ...rest } = row as { balance: number; units_of_batch: UnitsOfBatch };
      return { ...rest, balance_in_units: balanceInUnits(Number(rest.balance), units_of_batch) };
    }),
  }),
};

type UnitsOfBatch = { base: UnitName | null; units: UnitOfProduct[] };
