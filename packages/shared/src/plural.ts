// A count with its noun in good English: "1 sale", "2 sales", "0 returns", "1,250 items". One helper for the web and
// the server, so no screen or message says "1 sales" or falls back on "sale(s)".
import { formatQuantity } from './format.ts';

/**
 * `n` and the noun that goes with it: the singular for exactly 1 (or −1), else the plural (`singular` + "s" unless
 * given, e.g. `countOf(3, 'discrepancy', 'discrepancies')`). The number is written with thousands separators.
 */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatQuantity(n)} ${Math.abs(n) === 1 ? singular : plural}`;
}
