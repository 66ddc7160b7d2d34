import { API } from 'virtual:contract-addresses';
import { DEFAULT_QUOTATION_DAYS, type QuotationShown, quotationSchema } from '@duka/shared';
import { useMemo } from 'react';
import { usePermissions } from '../../api/permissions.ts';
import { addDays, shopToday } from '../../components/dates/day-text.ts';
import { RecordFieldsPage, type RecordFormSpec } from '../../components/form/record-form.tsx';
import { EMPTY_QUOTATION_LINE, QuotationFields } from './QuotationFields.tsx';

// Quotations on the form kit: the shared schema checks the form, the server's 422 messages show under their fields (a
// line's under that line's), and a 409 (converted or cancelled meanwhile) or a 403 (a price other than today's without
// the key) in the banner.

const base = { label: 'Quotation', listLabel: 'Quotations', list: '/quotationlist', width: 1100 };

/** The shop's today plus `days`, YYYY-MM-DD. */
const daysFromToday = (days: number) => addDays(shopToday(), days);

const CREATE: RecordFormSpec<typeof quotationSchema> = {
  ...base,
  schema: quotationSchema,
  save: API.quotation.store,
  empty: () => ({
    customer_id: undefined,
    customer_name: '',
    customer_phone: '',
    valid_until: daysFromToday(DEFAULT_QUOTATION_DAYS),
    discount: 0,
    notes: '',
    lines: [{ ...EMPTY_QUOTATION_LINE }],
  }),
  // A quotation is made one at a time: back to the list, where it now shows.
  noChoice: true,
};

/**
 * The quotation as the form edits it. Without quotationPriceEdit its prices are left blank, so saving quotes today's
 * prices again (sending the old ones would be asking for a price other than today's).
 */
const updateSpec = (mayPrice: boolean): RecordFormSpec<typeof quotationSchema, QuotationShown> => ({
  ...base,
  schema: quotationSchema,
  save: API.quotation.update,
  show: API.quotation.show,
  toValues: (q) => ({
    customer_id: q.customer.id ?? undefined,
    customer_name: q.customer.name,
    customer_phone: q.customer.phone_number,
    valid_until: q.valid_until,
    discount: q.discount_percent,
    notes: q.notes ?? '',
    lines: q.lines.map((l) => ({
      product_id: l.product.id,
      brand_id: l.brand?.id ?? null,
      measurement_id: l.unit.id,
      quantity: l.quantity,
      unit_price: mayPrice ? l.unit_price : undefined,
    })),
  }),
});

export function QuotationCreatePage() {
  return <RecordFieldsPage spec={CREATE} fields={QuotationFields} />;
}

export function QuotationUpdatePage() {
  const mayPrice = usePermissions().can('quotationPriceEdit');
  const spec = useMemo(() => updateSpec(mayPrice), [mayPrice]);
  return <RecordFieldsPage spec={spec} fields={QuotationFields} />;
}
