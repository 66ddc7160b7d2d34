import { z } from 'zod';
import { can, defineEndpoint, doneWith, file, instant, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { statementQuerySchema } from '../customers.schemas.ts';
import { idParamSchema } from '../list.schemas.ts';
import { goodsReceivedList, payablesReport } from '../lists/purchasing-lists.ts';
import {
  GOODS_RECEIVED_PAYMENTS,
  goodsReceivedSchema,
  supplierPaymentReverseSchema,
  supplierPaymentSchema,
} from '../purchasing.schemas.ts';
import { agingSchema } from './customers.ts';

// Goods received and what the shop owes for them: receipts (with their batches and PDF), payments to suppliers and
// their reversals, a supplier's statement, and the payables report.

const GOODS_RECEIVED = 'goodsReceived';
const SUPPLIER_PAYMENT = 'supplierPayment';

const unitNamed = z.object({ id: z.number(), name: z.string(), plural: z.string().nullable() });
const supplierContact = z.object({
  id: z.number(),
  name: z.string(),
  phone_number: z.string(),
  email: z.string(),
  address: z.string(),
  tin: z.string(),
});

/** One line of goods received: what came in, in its unit, and the batch it became. */
export const goodsReceivedLineShown = z.object({
  id: z.number(),
  purchase_order_line_id: z.number().nullable(),
  product: z.object({ id: z.number(), name: z.string() }),
  brand: z.object({ id: z.number(), name: z.string() }).nullable(),
  unit: unitNamed,
  factor: z.number(),
  base_unit: unitNamed,
  /** In the unit received. */
  quantity: z.number(),
  unit_cost: z.number(),
  sale_price: z.number(),
  /** round(quantity × unit cost): the supplier's figure. */
  line_value: z.number(),
  /** This line's share of the landed costs, by value. */
  landed_cost: z.number(),
  batch: z.object({ id: z.number(), batch_number: z.string(), total_cost: z.number() }),
});
export type GoodsReceivedLineShown = z.output<typeof goodsReceivedLineShown>;

export const goodsReceivedShown = z.object({
  id: z.number(),
  grn_number: z.string(),
  supplier: supplierContact,
  purchase_order: z.object({ id: z.number(), po_number: z.string() }).nullable(),
  /** YYYY-MM-DD. */
  received_date: z.string(),
  supplier_invoice_number: z.string().nullable(),
  payment: z.enum(GOODS_RECEIVED_PAYMENTS),
  payment_method: z.string().nullable(),
  payment_reference: z.string().nullable(),
  landed_costs: z.number(),
  landed_costs_method: z.string().nullable(),
  lines: z.array(goodsReceivedLineShown),
  /** Σ line values: the bill when on credit. */
  goods_value: z.number(),
  /** What of the bill is still unpaid. */
  amount_due: z.number(),
  user: z.object({ name: z.string() }).nullable(),
  created_at: instant,
});
export type GoodsReceivedShown = z.output<typeof goodsReceivedShown>;

/** A payment to a supplier, or the reversal of one. */
export const supplierPaymentShown = z.object({
  id: z.number(),
  payment_number: z.string(),
  /** Positive: a payment; negative: a reversal. */
  amount: z.number(),
  method: z.string(),
  reference: z.string().nullable(),
  payment_date: z.string(),
  from_till: z.boolean(),
  reverses: z.object({ id: z.number(), payment_number: z.string() }).nullable(),
  reason: z.string().nullable(),
  reversed_by: z.object({ id: z.number(), payment_number: z.string() }).nullable(),
  /** The bills it paid, oldest first (a reversal: what it made owed again, negative). */
  applied: z.array(z.object({ goods_received_id: z.number(), grn_number: z.string(), amount: z.number() })),
  supplier: z.object({ id: z.number(), name: z.string(), balance: z.number() }),
  user: z.object({ name: z.string() }).nullable(),
  created_at: instant,
});
export type SupplierPaymentShown = z.output<typeof supplierPaymentShown>;

export const SUPPLIER_STATEMENT_KINDS = ['BILL', 'PAYMENT', 'REVERSAL'] as const;

export const supplierStatementLine = z.object({
  /** YYYY-MM-DD. */
  date: z.string(),
  kind: z.enum(SUPPLIER_STATEMENT_KINDS),
  /** The GRN or payment number. */
  reference: z.string(),
  /** The supplier's invoice number on a bill; the payment's method and reference on a payment. */
  details: z.string(),
  /** What the shop came to owe (a bill, a reversal) and what it paid. */
  debit: z.number(),
  credit: z.number(),
  balance: z.number(),
  goods_received_id: z.number().nullable(),
  payment_id: z.number().nullable(),
  /** A payment a later reversal undid. */
  reversed: z.boolean(),
});
export type SupplierStatementLine = z.output<typeof supplierStatementLine>;

export const supplierStatement = z.object({
  supplier: supplierContact.extend({ supplier_number: z.string(), balance: z.number() }),
  start_date: z.string().nullable(),
  end_date: z.string(),
  opening_balance: z.number(),
  lines: z.array(supplierStatementLine),
  closing_balance: z.number(),
  /** What is owed at the period's end, by days since each bill was received. */
  aging: agingSchema,
});
export type SupplierStatement = z.output<typeof supplierStatement>;

const receiptMade = z.object({ id: z.number(), grn_number: z.string() });
/** A payment's or reversal's number and what the shop owes the supplier after it. */
const paymentMade = z.object({ id: z.number(), payment_number: z.string(), balance: z.number() });

export const goodsReceivedEndpoints = {
  /** /goodsreceivedlist, /goodsreceivedxlsx and /goodsreceivedcsv, from their declaration. */
  ...listEndpoints(goodsReceivedList),
  store: defineEndpoint({
    method: 'POST',
    path: '/goodsreceivedstore',
    access: can('goodsReceivedAdd'),
    resource: [GOODS_RECEIVED, 'purchaseOrder', 'stock', SUPPLIER_PAYMENT],
    body: goodsReceivedSchema,
    answer: doneWith(receiptMade),
    summary:
      'Goods received, against an order or without one: one stock batch per line, landed costs spread by value, a supplier bill when on credit',
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/goodsreceivedshow/:id',
    access: can('goodsReceivedList'),
    resource: GOODS_RECEIVED,
    params: idParamSchema,
    answer: ok(goodsReceivedShown),
    summary: 'One receipt with its supplier, order, lines, batches and what of it is unpaid',
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/goodsreceivedpdf/:id',
    access: can('goodsReceivedList'),
    resource: GOODS_RECEIVED,
    params: idParamSchema,
    answer: file('pdf'),
    summary: 'One receipt as an A4 PDF with the business header',
  }),
};

export const supplierAccountEndpoints = {
  paymentStore: defineEndpoint({
    method: 'POST',
    path: '/supplierpaymentstore',
    access: can('supplierPayment'),
    resource: [SUPPLIER_PAYMENT, GOODS_RECEIVED, 'supplier'],
    body: supplierPaymentSchema,
    answer: doneWith(paymentMade),
    summary: 'A payment to a supplier, applied to their oldest unpaid bills first; never more than is owed',
  }),
  paymentReverse: defineEndpoint({
    method: 'POST',
    path: '/supplierpaymentreverse/:id',
    access: can('supplierPayment'),
    resource: [SUPPLIER_PAYMENT, GOODS_RECEIVED, 'supplier'],
    params: idParamSchema,
    body: supplierPaymentReverseSchema,
    answer: doneWith(paymentMade),
    errors: [409],
    summary: 'Reverse a payment to a supplier with a new record (409 when it is a reversal or was reversed already)',
  }),
  paymentShow: defineEndpoint({
    method: 'GET',
    path: '/supplierpaymentshow/:id',
    access: can('supplierStatement'),
    resource: SUPPLIER_PAYMENT,
    params: idParamSchema,
    answer: ok(supplierPaymentShown),
    summary: 'One payment to a supplier or its reversal, with the bills it paid',
  }),
  statement: defineEndpoint({
    method: 'GET',
    path: '/supplierstatement/:id',
    access: can('supplierStatement'),
    resource: ['supplier', GOODS_RECEIVED, SUPPLIER_PAYMENT],
    params: idParamSchema,
    query: statementQuerySchema,
    answer: ok(supplierStatement),
    summary:
      "A supplier's statement over a period: opening balance, bills, payments and reversals, closing balance and aging",
  }),
  statementPdf: defineEndpoint({
    method: 'GET',
    path: '/supplierstatementpdf/:id',
    access: can('supplierStatement'),
    resource: ['supplier', GOODS_RECEIVED, SUPPLIER_PAYMENT],
    params: idParamSchema,
    query: statementQuerySchema,
    answer: file('pdf'),
    summary: "A supplier's statement as an A4 PDF",
  }),
  payables: listEndpoints(payablesReport),
};
