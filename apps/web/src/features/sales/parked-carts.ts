import { useStoredState } from '../../platform/use-stored-state.ts';
import type { CartLine } from './cart.ts';
import type { PosDraft } from './pos-draft.ts';

// Hold and recall: a cart parked with its customer while the next customer is served. Kept in local
// storage like the cart itself, so parked carts survive a reload or a power cut.
export interface ParkedCart {
  id: string;
  parkedAt: string;
  lines: CartLine[];
  draft: PosDraft;
}

export function useParkedCarts() {
  const [parked, setParked] = useStoredState<ParkedCart[]>('posParkedCarts', []);
  return {
    parked,
    park: (lines: CartLine[], draft: PosDraft) =>
      setParked((current) => [
        ...current,
        { id: crypto.randomUUID(), parkedAt: new Date().toISOString(), lines, draft },
      ]),
    /** Takes a parked cart out of the list and gives it back. */
    take: (id: string) => {
      const found = parked.find((p) => p.id === id);
      setParked((current) => current.filter((p) => p.id !== id));
      return found;
    },
  };
}
