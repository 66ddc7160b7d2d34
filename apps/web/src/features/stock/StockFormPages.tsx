import { API } from 'virtual:contract-addresses';
import { formatDay, type StockShown, stockCreateSchema, stockUpdateSchema } from '@duka/shared';
import { RecordFieldsPage, type RecordFormSpec } from '../../components/form/record-form.tsx';
import { StockFields } from './StockFields.tsx';

// Receive and correct a batch on the form kit. The server refuses (409, shown in the banner) an update whose
// quantity is below what has already left the batch.

// A save refreshes everything about stock (the list, levels, the batch, the write-off form's batches, the reports and
// dashboard) and the write-offs, which name the batches. Receiving under another product's brand links it to this
// product: the brands (the form's selects and their list) refresh too.
const base = { label: 'Stock', list: '/stocklist', refreshes: ['stockadjustment', 'brand'] };

const CREATE: RecordFormSpec<typeof stockCreateSchema> = {
  ...base,
  schema: stockCreateSchema,
  save: API.stock.store,
  environment: true,
  // Stock usually arrives the day it is recorded: the date starts at today in the shop's time zone.
  empty: () => ({ stock_date: formatDay(new Date()) }),
  // The original client's words for a failed receipt.
  failure: 'An error occurred during submission.',
};

const UPDATE: RecordFormSpec<typeof stockUpdateSchema, StockShown> = {
  ...base,
  schema: stockUpdateSchema,
  save: API.stock.update,
  show: API.stock.show,
  toValues: (b) => ({
    product_id: b.product_id,
    brand_id: b.brand_id,
    measurement_id: b.measurement_id,
    supplier_id: b.supplier_id,
    quantity: b.quantity,
    unit_price: b.unit_price,
    sale_price: b.sale_price,
    min_stock_level: b.min_stock_level,
    stock_date: b.stock_date,
  }),
};

export function StockCreatePage() {
  return <RecordFieldsPage spec={CREATE} fields={StockFields} />;
}

export function StockUpdatePage() {
  return <RecordFieldsPage spec={UPDATE} fields={StockFields} />;
}
