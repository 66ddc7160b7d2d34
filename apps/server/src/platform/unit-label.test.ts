import { isUnitAbbreviation, quantityWithUnit, unitLabel } from '@duka/shared';
import { describe, expect, it } from 'vitest';

// The shared rule every quantity with its unit goes through (packages/shared/src/units.ts).
describe('unitLabel', () => {
  it('keeps the name for exactly one, and for minus one (a returned line)', () => {
    expect(unitLabel(1, 'Bag')).toBe('Bag');
    expect(unitLabel(-1, 'Box')).toBe('Box');
  });

  it('makes English plurals for any other quantity, zero and fractions too', () => {
    const plurals: [string, string][] = [
      ['Bag', 'Bags'],
      ['Box', 'Boxes'],
      ['Piece', 'Pieces'],
      ['Battery', 'Batteries'],
      ['Tray', 'Trays'],
      ['Glass', 'Glasses'],
      ['Brush', 'Brushes'],
      ['Inch', 'Inches'],
      ['Litre', 'Litres'],
      ['Tonne', 'Tonnes'],
      ['bag', 'bags'],
      ['box', 'boxes'],
      ['BOX', 'BOXES'],
      ['Foot', 'Feet'],
      ['Shelf', 'Shelves'],
      ['Roofing sheet', 'Roofing sheets'],
      ['Pair of gloves', 'Pairs of gloves'],
      ['Drum (200 L)', 'Drums (200 L)'],
      ['Pliers', 'Pliers'],
    ];
    for (const [name, plural] of plurals) {
      expect(unitLabel(2, name), name).toBe(plural);
      expect(unitLabel(0, name), name).toBe(plural);
      expect(unitLabel(2.5, name), name).toBe(plural);
    }
  });

  it('never changes an abbreviation', () => {
    for (const name of ['kg', 'Kg', 'KG', 'g', 'm', 'cm', 'mm', 'ml', 'L', 't', 'ft', 'lb', 'pcs', 'm²', 'm3', 'oz']) {
      expect(isUnitAbbreviation(name), name).toBe(true);
      expect(unitLabel(5, name), name).toBe(name);
    }
    expect(unitLabel(3, 'pcs.')).toBe('pcs.');
    expect(unitLabel(3, 'No.')).toBe('No.');
    for (const name of ['Bag', 'bag', 'Box', 'Tin', 'Can', 'Piece', 'Roll of wire']) {
      expect(isUnitAbbreviation(name), name).toBe(false);
    }
  });

  it("takes the shop's own plural first, and its name for one", () => {
    const crate = { name: 'Crate', plural: 'Crates of 24' };
    expect(unitLabel(3, crate)).toBe('Crates of 24');
    expect(unitLabel(1, crate)).toBe('Crate');
    expect(unitLabel(3, { name: 'kg', plural: 'kilos' })).toBe('kilos');
    expect(unitLabel(3, { name: 'Bag', plural: null })).toBe('Bags');
    expect(unitLabel(3, { name: 'Bag', plural: '  ' })).toBe('Bags');
  });

  it('puts the quantity before it with thousands separators', () => {
    expect(quantityWithUnit(1, 'Bag')).toBe('1 Bag');
    expect(quantityWithUnit(1250, 'Bag')).toBe('1,250 Bags');
    expect(quantityWithUnit(2.5, 'kg')).toBe('2.5 kg');
  });
});
