import { formatMoney, formatQuantity } from '@duka/shared';
import { describe, expect, it } from 'vitest';

// Money and quantities are written out by hand (shared/format.ts) and must read exactly as Intl's en-US formatter
// writes them, which every screen, receipt, PDF and export showed before.
const intlMoney = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const intlQuantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** A fixed sequence of pseudo-random numbers, so a failure names the same value on every run. */
function* numbers(count: number) {
  let seed = 20_261_129;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let i = 0; i < count; i++) {
    const size = 10 ** Math.floor(next() * 16 - 4);
    const value = next() * size * (next() < 0.3 ? -1 : 1);
    // Every third one cut to a few decimals, where the half-way cases are.
    yield i % 3 === 0 ? Number(value.toFixed(Math.floor(next() * 6))) : value;
  }
}

const EDGES = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  1.5,
  2.5,
  -2.5,
  999.5,
  999_999.5,
  1.0005,
  2.0005,
  1.0004999,
  0.0005,
  0.0004,
  -0.0005,
  0.9995,
  9.9995,
  99_999.9999,
  0.1 + 0.2,
  1e-7,
  -1e-7,
  5e-7,
  123_456_789_012,
  1_250_000,
  1_250.5,
  1e20,
  1e21,
  1e22,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

describe('formatMoney and formatQuantity', () => {
  it('write the shop figures as the screens show them', () => {
    expect(formatMoney(1_250_000)).toBe('1,250,000');
    expect(formatMoney(-42_500)).toBe('-42,500');
    expect(formatMoney(999.5)).toBe('1,000');
    expect(formatMoney(null)).toBe('0');
    expect(formatQuantity(1_250.5)).toBe('1,250.5');
    expect(formatQuantity(0.125)).toBe('0.125');
    expect(formatQuantity(2.0005)).toBe('2.001');
    expect(formatQuantity(undefined)).toBe('0');
  });

  it("agree with Intl's en-US formatter on the edges and on 200,000 numbers", () => {
    const differences: string[] = [];
    for (const value of [...EDGES, ...numbers(200_000)]) {
      if (formatMoney(value) !== intlMoney.format(value)) differences.push(`money ${value}: ${formatMoney(value)}`);
      if (formatQuantity(value) !== intlQuantity.format(value))
        differences.push(`quantity ${value}: ${formatQuantity(value)}`);
    }
    expect(differences.slice(0, 10)).toEqual([]);
  });
});
