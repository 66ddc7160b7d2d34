import { countOf } from '@duka/shared';
import { describe, expect, it } from 'vitest';

// The one pluralising helper the screens and messages use for a count and its noun.
describe('countOf', () => {
  it('says 1 sale, 0 sales, 2 sales, and takes an irregular plural', () => {
    expect(countOf(1, 'sale')).toBe('1 sale');
    expect(countOf(0, 'sale')).toBe('0 sales');
    expect(countOf(2, 'return')).toBe('2 returns');
    expect(countOf(-1, 'day')).toBe('-1 day');
    expect(countOf(1_250, 'item')).toBe('1,250 items');
    expect(countOf(1, 'stock discrepancy', 'stock discrepancies')).toBe('1 stock discrepancy');
    expect(countOf(3, 'stock discrepancy', 'stock discrepancies')).toBe('3 stock discrepancies');
  });
});
