// A sale's discount spread over its lines: each line gets its share of the discount
// amount rounded down, and the shillings left over go one each to the lines with the largest remainders (the
// earlier line first on a tie), so the lines' amounts add up to the sale's total exactly. Migration 007 applies the
// same rule in SQL to sales made before lines stored their share.

export function spreadDiscount(lineTotals: number[], discountAmount: number): number[] {
  const subtotal = lineTotals.reduce((sum, t) => sum + BigInt(t), 0n);
  if (subtotal === 0n || discountAmount === 0) return lineTotals.map(() => 0);
  const discount = BigInt(discountAmount);
  if (discount < 0n || discount > subtotal) throw new RangeError('The discount must be between 0 and the subtotal.');
  const shares = lineTotals.map((total, index) => {
    const exact = discount * BigInt(total);
    return { index, base: exact / subtotal, remainder: exact % subtotal };
  });
  let left = discount - shares.reduce((sum, s) => sum + s.base, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const result = shares.map((s) => s.base);
  for (const share of byRemainder) {
    if (left === 0n) break;
    result[share.index] = (result[share.index] ?? 0n) + 1n;
    left -= 1n;
  }
  return result.map(Number);
}
