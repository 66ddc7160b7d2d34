import type { CustomerChoice } from '@duka/shared';
import { useStoredState } from '../../platform/use-stored-state.ts';

// What the cashier has typed for the sale besides the items, kept like the cart so a reload loses none of it.
export interface PosDraft {
  customer: { name: string; phone: string; email: string; address: string };
  /** The debt book's customer the sale is for (as when chosen); null: a walk-in sale with the free-text customer. */
  account: CustomerChoice | null;
  discount: number | string;
  payment: string;
  notice: string;
  /** The goods stay in the yard, paid for and taken from stock now, collected later against delivery notes. */
  deliverLater: boolean;
}

export const EMPTY_DRAFT: PosDraft = {
  customer: { name: 'Anonymous', phone: '0700000000', email: 'customer@example.com', address: 'Unknown' },
  account: null,
  discount: 0,
  payment: 'CASH',
  notice: '',
  deliverLater: false,
};

export function usePosDraft() {
  const [draft, setDraft, resetDraft] = useStoredState<PosDraft>('posDraft', EMPTY_DRAFT);
  // A draft saved by an older version of the page may lack a field.
  const current = { ...EMPTY_DRAFT, ...draft, customer: { ...EMPTY_DRAFT.customer, ...draft?.customer } };
  return {
    draft: current,
    update: (change: Partial<PosDraft>) => setDraft({ ...current, ...change }),
    setCustomer: (change: Partial<PosDraft['customer']>) =>
      setDraft({ ...current, customer: { ...current.customer, ...change } }),
    setAccount: (account: CustomerChoice | null) => setDraft({ ...current, account }),
    reset: resetDraft,
  };
}
