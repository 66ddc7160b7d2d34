import { formatQuantity } from './format.ts';
import { quantityWithUnit, type UnitName } from './units.ts';

// Units of a product: a base unit, the smallest it is counted in (Bag), and other units that each hold `factor` base
// units (Tonne = 20 Bag), with an optional bulk discount. Stock is kept in base units only; a quantity in another unit
// becomes quantity × factor base units, exactly (at most 3 decimals, else refused), and its price per unit is
// round(price per base unit × factor × (1 − discount / 100)). The rules are here so the server, the till and its
// offline copy compute the same figures.

/** A quantity, price factor or percent with at most `places` decimals as an integer (thousandths for 3). */
const scaled = (n: number, places: number) => BigInt(Math.round(n * 10 ** places));

/** quantity × factor in base units, or null when it would need more than 3 decimals (it is then refused). */
export function toBaseQuantity(quantity: number, factor: number): number | null {
  const product = scaled(quantity, 3) * scaled(factor, 3); // millionths
  if (product % 1000n !== 0n) return null;
  return Number(product / 1000n) / 1000;
}

/** A unit's price: round(price per base unit × factor × (1 − discount %)), half-up, in whole shillings. */
export function unitPrice(basePrice: number, factor: number, bulkDiscountPercent = 0): number {
  // basePrice × factor(thousandths) × (10000 − percent(hundredths)) / (1000 × 10000)
  const numerator = BigInt(basePrice) * scaled(factor, 3) * (10_000n - scaled(bulkDiscountPercent, 2));
  return Number((numerator + 5_000_000n) / 10_000_000n);
}

/** A price or cost given per unit of `factor` base units, per base unit: round(amount ÷ factor), half-up. */
export function perBaseUnit(amount: number, factor: number): number {
  const thousandths = scaled(factor, 3);
  return Number((BigInt(amount) * 1000n * 2n + thousandths) / (thousandths * 2n));
}

export interface UnitOfProduct extends UnitName {
  measurement_id: number;
  /** Base units in one of it (1 for the base). */
  factor: number;
}

/**
 * A base quantity in the largest whole units first, the rest in base units: "3 Bundle + 7 Piece". `units` are the
 * product's other units; only whole-number factors split a quantity (a factor of 2.5 would leave fractions of bags).
 */
export function inLargestUnits(baseQuantity: number, base: UnitName, units: readonly UnitOfProduct[]): string {
  const whole = units.filter((u) => u.factor > 1 && Number.isInteger(u.factor)).sort((a, b) => b.factor - a.factor);
  let left = scaled(baseQuantity, 3);
  const parts: string[] = [];
  for (const unit of whole) {
    const per = BigInt(unit.factor) * 1000n;
    const count = left / per;
    if (count > 0n) {
      parts.push(quantityWithUnit(Number(count), unit));
      left -= count * per;
    }
  }
  if (left > 0n || parts.length === 0) parts.push(quantityWithUnit(Number(left) / 1000, base));
  return parts.join(' + ');
}

/** "2 Tonne = 40 Bag": a quantity received or entered in another unit, and what it is in base units. */
export const unitEquation = (quantity: number, unit: UnitName, baseQuantity: number, base: UnitName) =>
  `${quantityWithUnit(quantity, unit)} = ${quantityWithUnit(baseQuantity, base)}`;

/** "Quantity × factor needs more than 3 decimals": the refusal of a quantity that does not convert exactly. */
export const inexactQuantity = (quantity: number, unit: UnitName, factor: number) =>
  `${quantityWithUnit(quantity, unit)} is ${formatQuantity(quantity)} × ${formatQuantity(factor)} base units: more than 3 decimals. Change the quantity.`;
