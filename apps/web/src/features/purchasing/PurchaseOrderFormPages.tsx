import { API } from 'virtual:contract-addresses';
import { type PurchaseOrderShown, purchaseOrderSchema } from '@duka/shared';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { RecordFieldsPage, type RecordFormSpec } from '../../components/form/record-form.tsx';
import { EMPTY_LINE, PurchaseOrderFields } from './PurchaseOrderFields.tsx';
import { draftIn } from './reorder-draft.ts';

// Purchase orders on the form kit: the shared schema checks the form, the server's 422 messages show under their
// fields (a line's under that line's), and a 409 (the order was received or cancelled meanwhile) in the banner.

const base = { label: 'Purchase Order', listLabel: 'Purchase Orders', list: '/purchaseorderlist', width: 1100 };

const CREATE: RecordFormSpec<typeof purchaseOrderSchema> = {
  ...base,
  schema: purchaseOrderSchema,
  save: API.purchaseOrder.store,
  empty: () => ({ supplier_id: undefined, expected_date: '', notes: '', lines: [{ ...EMPTY_LINE }] }),
  // An order is made one at a time: back to the list, where it now shows.
  noChoice: true,
};

const UPDATE: RecordFormSpec<typeof purchaseOrderSchema, PurchaseOrderShown> = {
  ...base,
  schema: purchaseOrderSchema,
  save: API.purchaseOrder.update,
  show: API.purchaseOrder.show,
  toValues: (o) => ({
    supplier_id: o.supplier.id,
    expected_date: o.expected_date ?? '',
    notes: o.notes ?? '',
    lines: o.lines.map((l) => ({
      product_id: l.product.id,
      brand_id: l.brand?.id ?? null,
      measurement_id: l.unit.id,
      quantity: l.ordered,
      unit_cost: l.unit_cost,
    })),
  }),
};

/** A new order, empty or filled from the reorder suggestions the buyer ticked (the navigation's state). */
export function PurchaseOrderCreatePage() {
  const state = useLocation().state;
  const spec = useMemo(() => {
    const draft = draftIn(state);
    return draft ? { ...CREATE, empty: () => ({ expected_date: '', notes: '', ...draft }) } : CREATE;
  }, [state]);
  return <RecordFieldsPage spec={spec} fields={PurchaseOrderFields} />;
}

export function PurchaseOrderUpdatePage() {
  return <RecordFieldsPage spec={UPDATE} fields={PurchaseOrderFields} />;
}
