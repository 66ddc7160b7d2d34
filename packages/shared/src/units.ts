import { formatQuantity } from './format.ts';

// A unit of measurement as a quantity reads it: "1 Bag", "3 Bags", "2 Boxes", "5 kg". Every screen, receipt, file
// and PDF that puts a quantity beside its unit goes through here, so none of them adds an "s" of its own.

/** A measurement as the lists and lookups give it: its name and, when the shop wrote one, its plural. */
export interface UnitName {
  name: string;
  plural?: string | null;
}

/**
 * An abbreviation never changes with the quantity ("5 kg", "2 L", "3 pcs."). The rule: a name with a dot
 * ("pcs.", "No."), or a short symbol, at most three letters without a vowel whatever their case (kg, g, m, cm, mm,
 * ml, L, t, ft, lb, pcs; digits and signs beside them too: m², m3), or "oz". A word of three letters with a vowel is
 * a word (bag, box, tin, Can), so it takes an English plural.
 */
export function isUnitAbbreviation(name: string): boolean {
  const trimmed = name.trim();
  if (trimmed.includes('.')) return true;
  if (/\s/.test(trimmed)) return false;
  const letters = trimmed.replace(/[^\p{L}]/gu, '');
  if (letters === '') return true;
  if (letters.toLowerCase() === 'oz') return true;
  return letters.length <= 3 && !/[aeiou]/i.test(letters);
}

/** Units whose English plural no rule makes. */
const IRREGULAR: Record<string, string> = {
  foot: 'feet',
  half: 'halves',
  shelf: 'shelves',
  leaf: 'leaves',
  loaf: 'loaves',
  knife: 'knives',
  person: 'people',
};

/** One English word's plural, in the word's own case (BOX → BOXES). */
function pluralOfWord(word: string): string {
  const lower = word.toLowerCase();
  const shouting = word.length > 1 && word === word.toUpperCase() && lower !== word;
  const cased = (plural: string) => (shouting ? plural.toUpperCase() : plural);
  const irregular = IRREGULAR[lower];
  if (irregular) return cased(word[0] === word[0]?.toUpperCase() ? capitalised(irregular) : irregular);
  // Already plural (pliers, scissors) or a name that ends in a single s: left as it is. A double s takes -es.
  if (/ss$/.test(lower)) return word + cased('es');
  if (/s$/.test(lower)) return word;
  if (/(x|z|ch|sh)$/.test(lower)) return word + cased('es');
  if (/[^aeiou]y$/.test(lower)) return word.slice(0, -1) + cased('ies');
  return word + cased('s');
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The plural a unit's name takes by rule: the shop's own plural comes first (unitLabel). For a name of several words
 * the word counted is pluralised: the last one ("Roofing sheet" → "Roofing sheets"), or the one before "of" or a
 * bracket ("Pair of gloves" → "Pairs of gloves", "Drum (200 L)" → "Drums (200 L)").
 */
export function pluralOfUnit(name: string): string {
  const trimmed = name.trim();
  if (isUnitAbbreviation(trimmed)) return trimmed;
  const counted = /^(.*?\p{L})(\s+of\s.*|\s*\(.*)$/iu.exec(trimmed);
  const head = counted ? (counted[1] as string) : trimmed;
  const tail = counted ? (counted[2] as string) : '';
  const match = /^(.*?)(\p{L}+)$/u.exec(head);
  if (!match) return trimmed;
  const [, before, word] = match as unknown as [string, string, string];
  return `${before}${pluralOfWord(word)}${tail}`;
}

/**
 * The unit's name for a quantity: the name for exactly one (or minus one, a returned line), otherwise the shop's
 * plural when it wrote one, else the English plural of the name; an abbreviation stays as it is.
 */
export function unitLabel(quantity: number, unit: UnitName | string): string {
  const { name, plural } = typeof unit === 'string' ? { name: unit, plural: null } : unit;
  if (Math.abs(quantity) === 1) return name;
  const own = plural?.trim();
  return own ? own : pluralOfUnit(name);
}

/** A quantity with its unit: "1 Bag", "1,250 Bags", "2.5 kg". */
export const quantityWithUnit = (quantity: number, unit: UnitName | string) =>
  `${formatQuantity(quantity)} ${unitLabel(quantity, unit)}`;
