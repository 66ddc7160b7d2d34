import type { PosSearchHit } from '@duka/shared';
import { useLocalStorage } from '@mantine/hooks';

// The cart lives in local storage: a reload or a power cut on the till does not lose a sale in progress.
export interface CartLine {
  productId: number;
  product: string;
  batchNumber: string;
  /** Null for goods without a brand (`brand` is then NO_BRAND). */
  brandId: number | null;
  brand: string;
  measurementId: number;
  measurement: string;
  /** The unit's own plural, if the shop wrote one (absent on a cart kept from before units had plurals). */
  measurementPlural?: string | null;
  quantity: number;
  /** The price shown; the server charges the batch's own price. */
  salePrice: number;
  /** What the batch held when the line was picked: enough to warn early; the server decides at sale time. */
  balance?: number;
}

const sameLine = (a: CartLine, b: CartLine) =>
  a.batchNumber === b.batchNumber &&
  a.productId === b.productId &&
  a.brandId === b.brandId &&
  a.measurementId === b.measurementId;

const roundQuantity = (n: number) => Math.round(n * 1000) / 1000;

/** The batches the cart asks more of than they held, with what they held. Lines of one batch count together. */
export function overdrawnBatches(lines: CartLine[]): Map<string, number> {
  const asked = new Map<string, number>();
  for (const l of lines) asked.set(l.batchNumber, roundQuantity((asked.get(l.batchNumber) ?? 0) + l.quantity));
  const over = new Map<string, number>();
  for (const l of lines) {
    if (l.balance !== undefined && (asked.get(l.batchNumber) ?? 0) > l.balance) over.set(l.batchNumber, l.balance);
  }
  return over;
}

export function useCart() {
  const [lines, setLines] = useLocalStorage<CartLine[]>({
    key: 'posCart',
    defaultValue: [],
    getInitialValueInEffect: false,
  });
  return {
    lines,
    /** An equal line (same product, batch, brand and measurement) grows instead of repeating. */
    add(line: CartLine) {
      setLines((current) => {
        const existing = current.find((l) => sameLine(l, line));
        if (!existing) return [...current, line];
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
    /** Another batch of the same product, brand and unit: its own price and balance. */
    setBatch: (index: number, batch: { batchNumber: string; salePrice: number; balance: number }) =>
      setLines((current) => current.map((l, i) => (i === index ? { ...l, ...batch } : l))),
  };
}

/** One unit of a search result: its oldest batch with stock, at that batch's price. */
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
});
