import { type PosSearchHit, quantityWithUnit, toBaseQuantity, unitPrice } from '@duka/shared';
import { useStoredState } from '../../platform/use-stored-state.ts';

/** A unit a line may be sold in: the base (factor 1) or another unit of its product. */
export interface LineUnit {
  id: number;
  name: string;
  plural: string | null;
  /** Base units in one. */
  factor: number;
  bulk_discount_percent: number;
}

// The cart lives in local storage: a reload or a power cut on the till does not lose a sale in progress. A line is
// sold in a unit of its product (Bag, or a Tonne of 20 Bags): quantity and price are in that unit, the batch's balance
// in its base unit. A line kept from before units is in its batch's unit (no `units`, factor 1).
export interface CartLine {
  /** Keeps the line's row (and the focus in it) while its unit changes; absent on a cart kept from before units. */
  key?: string;
  productId: number;
  product: string;
  batchNumber: string;
  /** Null for goods without a brand (`brand` is then NO_BRAND). */
  brandId: number | null;
  brand: string;
  /** The unit the line is sold in (sent as the item's measurementId). */
  measurementId: number;
  measurement: string;
  /** The unit's own plural, if the shop wrote one (absent on a cart kept from before units had plurals). */
  measurementPlural?: string | null;
  /** In the line's unit. */
  quantity: number;
  /** The price of one of the line's unit, shown; the server charges the batch's own price. */
  salePrice: number;
  /** What the batch held in base units when the line was picked: enough to warn early; the server decides. */
  balance?: number;
  /** The units it may be sold in, the base first; absent or one: only the batch's unit. */
  units?: LineUnit[];
  /** The batch's price per base unit, which each unit's price comes from. */
  basePrice?: number;
}

/** Whether the line may be sold in more than its batch's unit. */
export const hasUnits = (line: CartLine) => (line.units?.length ?? 0) > 1;

/** The line's base unit (its batch's): the first of its units, else the line's own. */
export const baseUnitOf = (line: CartLine): LineUnit =>
  line.units?.[0] ?? {
    id: line.measurementId,
    name: line.measurement,
    plural: line.measurementPlural ?? null,
    factor: 1,
    bulk_discount_percent: 0,
  };

/** The unit the line is sold in, with its factor (1 for the base or a line without units). */
export const unitOf = (line: CartLine): LineUnit =>
  line.units?.find((u) => u.id === line.measurementId) ?? { ...baseUnitOf(line), id: line.measurementId };

/** The line's quantity in base units, or null when it does not convert exactly (the server would refuse it). */
export const baseQuantityOf = (line: CartLine) => toBaseQuantity(line.quantity, unitOf(line).factor);

/** A row's line number, so Alt+U knows the line the focus is in (pos-keys.ts). */
export const CART_LINE_ATTRIBUTE = 'data-cart-line';

/** What the batch holds in the line's unit, and in base units when that is another: "2.5 Tonnes = 50 Bags". */
export function stockOfLine(line: CartLine, balance: number) {
  const unit = unitOf(line);
  const base = baseUnitOf(line);
  if (unit.factor === 1) return quantityWithUnit(balance, unit);
  // Whole thousandths of the unit the batch can give, never more than it holds.
  const inUnit = Math.floor((balance / unit.factor) * 1000 + 1e-6) / 1000;
  return `${quantityWithUnit(inUnit, unit)} = ${quantityWithUnit(balance, base)}`;
}

/** The line sold in another of its units: the quantity keeps its number (2 Bag → 2 Tonne), the price is the unit's. */
export function inUnit(line: CartLine, unitId: number): CartLine {
  const unit = line.units?.find((u) => u.id === unitId);
  if (!unit || line.basePrice === undefined) return line;
  return {
    ...line,
    measurementId: unit.id,
    measurement: unit.name,
    measurementPlural: unit.plural,
    salePrice: unitPrice(line.basePrice, unit.factor, unit.bulk_discount_percent),
  };
}

/** The next of the line's units after the one it is sold in, round to the base again. */
export function nextUnit(line: CartLine): CartLine {
  const units = line.units ?? [];
  if (units.length < 2) return line;
  const at = units.findIndex((u) => u.id === line.measurementId);
  return inUnit(line, (units[(at + 1) % units.length] as LineUnit).id);
}

const sameLine = (a: CartLine, b: CartLine) =>
  a.batchNumber === b.batchNumber &&
  a.productId === b.productId &&
  a.brandId === b.brandId &&
  a.measurementId === b.measurementId;

const roundQuantity = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The batches the cart asks more of than they held, with what they held (base units). Lines of one batch count
 * together in base units, whatever unit each is sold in.
 */
export function overdrawnBatches(lines: CartLine[]): Map<string, number> {
  const asked = new Map<string, number>();
  for (const l of lines)
    asked.set(l.batchNumber, roundQuantity((asked.get(l.batchNumber) ?? 0) + (baseQuantityOf(l) ?? l.quantity)));
  const over = new Map<string, number>();
  for (const l of lines) {
    if (l.balance !== undefined && (asked.get(l.batchNumber) ?? 0) > l.balance) over.set(l.batchNumber, l.balance);
  }
  return over;
}

export function useCart() {
  const [lines, setLines] = useStoredState<CartLine[]>('posCart', []);
  return {
    lines,
    /** An equal line (same product, batch, brand and measurement) grows instead of repeating. */
    add(line: CartLine) {
      setLines((current) => {
        const existing = current.find((l) => sameLine(l, line));
        if (!existing) return [...current, { ...line, key: line.key ?? crypto.randomUUID() }];
        return current.map((l) =>
          l === existing ? { ...l, quantity: roundQuantity(l.quantity + line.quantity), balance: line.balance } : l,
        );
      });
    },
    setQuantity: (index: number, quantity: number) =>
      setLines((current) => current.map((l, i) => (i === index ? { ...l, quantity: roundQuantity(quantity) } : l))),
    remove: (index: number) => setLines((current) => current.filter((_, i) => i !== index)),
    clear: () => setLines([]),
    /** A recalled cart takes the place of the current one. */
    replace: (next: CartLine[]) => setLines(next),
    /** `+`/`-` on the till: the last line by one unit, never below 1 (Remove takes a line out). */
    stepLast: (delta: 1 | -1) =>
      setLines((current) =>
        current.map((l, i) =>
          i === current.length - 1 ? { ...l, quantity: Math.max(1, roundQuantity(l.quantity + delta)) } : l,
        ),
      ),
    /** Another batch of the same product, brand and base unit: its own price (per base unit) and balance. */
    setBatch: (index: number, batch: { batchNumber: string; salePrice: number; balance: number }) =>
      setLines((current) =>
        current.map((l, i) => {
          if (i !== index) return l;
          const unit = unitOf(l);
          const salePrice = unitPrice(batch.salePrice, unit.factor, unit.bulk_discount_percent);
          return { ...l, ...batch, salePrice, basePrice: batch.salePrice };
        }),
      ),
    /** The line sold in another of its units (the mouse's choice in the line). */
    setUnit: (index: number, unitId: number) =>
      setLines((current) => current.map((l, i) => (i === index ? inUnit(l, unitId) : l))),
    /** The line's next unit (Alt+U); the last line when `index` is undefined. */
    cycleUnit: (index?: number) =>
      setLines((current) => current.map((l, i) => (i === (index ?? current.length - 1) ? nextUnit(l) : l))),
  };
}

/** One base unit of a search result: its oldest batch with stock, at that batch's price. */
export const lineFromHit = (hit: PosSearchHit): CartLine => ({
  productId: hit.product_id,
  product: hit.name,
  batchNumber: hit.batch_number,
  brandId: hit.brand.id,
  brand: hit.brand.name,
  measurementId: hit.measurement.id,
  measurement: hit.measurement.name,
  measurementPlural: hit.measurement.plural,
  quantity: 1,
  salePrice: hit.sale_price,
  balance: hit.balance,
  basePrice: hit.sale_price,
  units: (hit.units ?? []).map(({ id, name, plural, factor, bulk_discount_percent }) => ({
    id,
    name,
    plural,
    factor,
    bulk_discount_percent,
  })),
});
