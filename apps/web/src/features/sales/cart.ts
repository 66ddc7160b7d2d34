import { useLocalStorage } from '@mantine/hooks';

// The cart lives in local storage: a reload or a power cut on the till does not lose a sale in progress.
export interface CartLine {
  productId: number;
  product: string;
  batchNumber: string;
  brandId: number;
  brand: string;
  measurementId: number;
  measurement: string;
  quantity: number;
  /** The price shown; the server charges the batch's own price. */
  salePrice: number;
}

const sameLine = (a: CartLine, b: CartLine) =>
  a.batchNumber === b.batchNumber &&
  a.productId === b.productId &&
  a.brandId === b.brandId &&
  a.measurementId === b.measurementId;

export function useCart() {
  const [lines, setLines] = useLocalStorage<CartLine[]>({ key: 'posCart', defaultValue: [] });
  return {
    lines,
    /** An equal line (same product, batch, brand and measurement) grows instead of repeating. */
    add(line: CartLine) {
      setLines((current) => {
        const existing = current.find((l) => sameLine(l, line));
        if (!existing) return [...current, line];
        return current.map((l) =>
          l === existing ? { ...l, quantity: Math.round((l.quantity + line.quantity) * 1000) / 1000 } : l,
        );
      });
    },
    remove: (index: number) => setLines((current) => current.filter((_, i) => i !== index)),
    clear: () => setLines([]),
  };
}
