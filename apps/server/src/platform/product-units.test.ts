import { inLargestUnits, perBaseUnit, toBaseQuantity, unitEquation, unitPrice } from '@duka/shared';
import { describe, expect, it } from 'vitest';

// The shared unit rules (packages/shared/src/unit-amounts.ts) the server, the till and its offline copy all use.
const bag = { name: 'Bag' };
const piece = { name: 'Piece' };
const units = [
  { measurement_id: 2, name: 'Bundle', factor: 10 },
  { measurement_id: 3, name: 'Half bundle', factor: 5 },
  { measurement_id: 4, name: 'Crate', factor: 2.5 },
];

describe('product units', () => {
  it('turns a quantity into base units exactly, or refuses one that needs more than 3 decimals', () => {
    expect(toBaseQuantity(2, 20)).toBe(40);
    expect(toBaseQuantity(0.5, 20)).toBe(10);
    expect(toBaseQuantity(0.1, 0.3)).toBe(0.03);
    expect(toBaseQuantity(1.5, 2.5)).toBe(3.75);
    expect(toBaseQuantity(0.001, 0.5)).toBeNull();
    expect(toBaseQuantity(0.333, 1.5)).toBeNull();
  });

  it('prices a unit from the base price, its factor and its bulk discount, half-up to the shilling', () => {
    expect(unitPrice(30_000, 20)).toBe(600_000);
    expect(unitPrice(30_000, 20, 5)).toBe(570_000);
    expect(unitPrice(333, 1.5)).toBe(500); // 499.5 rounds up
    expect(unitPrice(1_001, 1, 12.5)).toBe(876); // 875.875
    expect(unitPrice(7, 0.001)).toBe(0);
  });

  it('spreads an amount per unit over its base units, half-up', () => {
    expect(perBaseUnit(600_000, 20)).toBe(30_000);
    expect(perBaseUnit(25_000, 3)).toBe(8_333);
    expect(perBaseUnit(5, 2)).toBe(3);
    expect(perBaseUnit(1_000, 0.5)).toBe(2_000);
  });

  it('writes stock in the largest whole units first, and never splits by a fractional factor', () => {
    expect(inLargestUnits(37, piece, units)).toBe('3 Bundles + 1 Half bundle + 2 Pieces');
    expect(inLargestUnits(30, piece, units)).toBe('3 Bundles');
    expect(inLargestUnits(4.5, piece, units)).toBe('4.5 Pieces');
    expect(inLargestUnits(0, piece, units)).toBe('0 Pieces');
    expect(inLargestUnits(17, bag, [])).toBe('17 Bags');
    expect(unitEquation(2, { name: 'Tonne' }, 40, bag)).toBe('2 Tonnes = 40 Bags');
  });
});
