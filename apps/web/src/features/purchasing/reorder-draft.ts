import type { ReorderSuggestion } from '@duka/shared';
import type { OrderLineValues } from './PurchaseOrderFields.tsx';

// A draft order made from reorder suggestions travels to the order form in the navigation's state: nothing is saved
// until the buyer has checked it and pressed Save.

export interface OrderDraft {
  supplier_id: number;
  lines: OrderLineValues[];
}

/** The ticked suggestions as order lines: in the base unit, the suggested quantity, at the last cost. */
export const draftFromSuggestions = (supplierId: number, ticked: ReorderSuggestion[]): OrderDraft => ({
  supplier_id: supplierId,
  lines: ticked.map((s) => ({
    product_id: s.product_id,
    brand_id: s.brand?.id ?? null,
    measurement_id: s.base_unit.id,
    quantity: s.suggested_quantity,
    // An order's unit cost is whole shillings; a batch's cost per base unit may carry a fraction.
    unit_cost: Math.round(s.last_unit_cost),
  })),
});

/** The draft the navigation carries, if any (a reload keeps it; a typed address has none). */
export function draftIn(state: unknown): OrderDraft | undefined {
  const draft = (state as { draft?: OrderDraft } | null)?.draft;
  return draft && Array.isArray(draft.lines) && draft.lines.length > 0 ? draft : undefined;
}
