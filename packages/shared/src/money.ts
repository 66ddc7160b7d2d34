// Money rules: whole shillings, half-up rounding, exact integer arithmetic (BigInt) so a large
// quantity × price never loses a shilling to floating point.

/** A quantity with up to 3 decimals as an integer number of thousandths. */
const thousandths = (quantity: number) => BigInt(Math.round(quantity * 1000));

/** The largest amount kept exactly: a batch or a sale worth more is refused rather than stored approximately. */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

// Plausible ceilings for what a till sends (sales, their payments, returns and cash-ups): far above any hardware
// shop's day, far below what would let a typo or a forged request record a sale of trillions.
/** The most one sale or return line may hold, in its unit. */
export const MAX_LINE_QUANTITY = 1_000_000;
/** The most lines one sale may have. */
export const MAX_SALE_LINES = 200;
/** The most one amount may be (a payment, a refund, a counted float), and the most one sale may come to: UGX 10 billion. */
export const MAX_MONEY = 10_000_000_000;
/**
 * Change is given from cash handed over beyond the total: at most the total itself (a customer paying twice over) or
 * UGX 100,000 (two of the largest notes, 50,000 each, for a small sale), whichever is more.
 */
export const CHANGE_FLOOR = 100_000;
export const largestChange = (total: number) => Math.max(total, CHANGE_FLOOR);

/** round(quantity × unit price), half-up. */
export function lineTotal(quantity: number, unitPrice: number): number {
  return Number((thousandths(quantity) * BigInt(unitPrice) + 500n) / 1000n);
}

/** round(subtotal × percent / 100), half-up; the percent may have 2 decimals. */
export function discountAmount(subtotal: number, percent: number): number {
  const hundredths = BigInt(Math.round(percent * 100));
  return Number((BigInt(subtotal) * hundredths + 5000n) / 10000n);
}

export interface SaleTotals {
  subtotal: number;
  discount_amount: number;
  total_amount: number;
}

export function saleTotals(lines: { quantity: number; unit_price: number }[], discountPercent: number): SaleTotals {
  const subtotal = lines.reduce((sum, l) => sum + lineTotal(l.quantity, l.unit_price), 0);
  const discount = discountAmount(subtotal, discountPercent);
  return { subtotal, discount_amount: discount, total_amount: subtotal - discount };
}

/**
 * The VAT inside a VAT-inclusive total: rate/(100 + rate) × total, half-up to the shilling. The rate may have 2
 * decimals; the arithmetic is done in hundredths of a percent with BigInt, so no shilling is lost to floating point.
 * A rate of 0 (a business not registered for VAT) gives 0.
 */
export function vatIncluded(total: number, ratePercent: number): number {
  const rate = BigInt(Math.round(ratePercent * 100));
  if (rate === 0n) return 0;
  const numerator = BigInt(total) * rate;
  const denominator = 10_000n + rate;
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/**
 * `total` shared out in proportion to `weights` (the lines' values), in whole shillings that add up to it exactly:
 * each gets the floor of its exact share, and the shillings left go to the largest remainders (the first line on a
 * tie). With no weight at all (goods received free), the lines share it equally.
 */
export function spreadByValue(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0 || total === 0) return weights.map(() => 0);
  const sum = weights.reduce((a, b) => a + b, 0);
  const used = sum > 0 ? weights : weights.map(() => 1);
  const whole = BigInt(sum > 0 ? sum : weights.length);
  const exact = used.map((w) => BigInt(total) * BigInt(w));
  const shares = exact.map((e) => e / whole);
  let left = BigInt(total) - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = exact
    .map((e, i) => ({ i, rest: e % whole }))
    .sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.i - b.i));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    shares[i] = (shares[i] as bigint) + 1n;
    left -= 1n;
  }
  return shares.map(Number);
}
