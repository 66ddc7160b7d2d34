import { z } from 'zod';
import { recordEndpoints } from '../contract/crud.ts';
import { can, canAny, defineEndpoint, doneWith, file, instant, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import {
  customerCreateSchema,
  customerPaymentReverseSchema,
  customerPaymentSchema,
  customerUpdateSchema,
  statementQuerySchema,
} from '../customers.schemas.ts';
import { idParamSchema, listQuerySchema } from '../list.schemas.ts';
import { customerList, customerRowSchema, receivablesReport } from '../lists/customer-lists.ts';

// The debt book: customers, their payments and reversals, their statements, and the receivables report.

const CUSTOMER = 'customer';

/** A customer as the POS's picker shows them: who, what they owe and what they may still put on account. */
export const customerChoice = z.object({
  id: z.number(),
  customer_number: z.string(),
  name: z.string(),
  phone_number: z.string(),
  balance: z.number(),
  credit_limit: z.number(),
  available_credit: z.number(),
});
export type CustomerChoice = z.output<typeof customerChoice>;

/** A payment to an account, or the reversal of one, as its 80 mm receipt shows it. */
export const customerPaymentShown = z.object({
  id: z.number(),
  payment_number: z.string(),
  /** Positive: a payment; negative: a reversal. */
  amount: z.number(),
  method: z.string(),
  reference: z.string().nullable(),
  /** YYYY-MM-DD. */
  payment_date: z.string(),
  /** The payment a reversal reverses (its number), and why; null on a payment. */
  reverses: z.object({ id: z.number(), payment_number: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** The reversal of this payment, when it has been reversed. */
  reversed_by: z.object({ id: z.number(), payment_number: z.string() }).nullable(),
  /** What of the payment settled no sale: kept as an advance. */
  unapplied: z.number(),
  /** The sales the payment settled, oldest first. */
  applied: z.array(z.object({ sale_id: z.number(), sale_number: z.string(), amount: z.number() })),
  customer: z.object({
    id: z.number(),
    customer_number: z.string(),
    name: z.string(),
    phone_number: z.string(),
    /** The customer's balance now. */
    balance: z.number(),
  }),
  user: z.object({ name: z.string() }).nullable(),
  created_at: instant,
});
export type CustomerPaymentShown = z.output<typeof customerPaymentShown>;

export const STATEMENT_KINDS = ['SALE', 'PAYMENT', 'RETURN', 'REVERSAL'] as const;

export const statementLine = z.object({
  /** The shop's day, YYYY-MM-DD. */
  date: z.string(),
  kind: z.enum(STATEMENT_KINDS),
  /** The receipt, payment or return number. */
  reference: z.string(),
  debit: z.number(),
  credit: z.number(),
  /** The balance after this line. */
  balance: z.number(),
  /** The record the line is: a sale (SALE, RETURN) or a payment (PAYMENT, REVERSAL). */
  sale_id: z.number().nullable(),
  payment_id: z.number().nullable(),
  /** A payment a later reversal undid (its REVERSAL line is further down). */
  reversed: z.boolean(),
});
export type StatementLine = z.output<typeof statementLine>;

export const agingSchema = z.object({
  current: z.number(),
  d1_30: z.number(),
  d31_60: z.number(),
  d61_90: z.number(),
  over_90: z.number(),
});
export type Aging = z.output<typeof agingSchema>;

export const customerStatement = z.object({
  customer: customerRowSchema,
  /** The period, YYYY-MM-DD; start_date null: from the first record. */
  start_date: z.string().nullable(),
  end_date: z.string(),
  opening_balance: z.number(),
  lines: z.array(statementLine),
  closing_balance: z.number(),
  /** What is owed at the period's end, by days past its due date. */
  aging: agingSchema,
  /** The last payment (not reversal) up to the period's end, for the message to the customer. */
  last_payment: z.object({ date: z.string(), amount: z.number() }).nullable(),
});
export type CustomerStatement = z.output<typeof customerStatement>;

/** A payment's or reversal's number and the customer's balance after it. */
const paymentMade = z.object({ id: z.number(), payment_number: z.string(), balance: z.number() });

export const customersEndpoints = {
  customerList: listEndpoints(customerList),
  ...recordEndpoints({
    word: 'customer',
    paths: {
      store: '/customerstore',
      show: '/customershow',
      update: '/customerupdate',
      delete: '/customerdelete',
      bulkDelete: '/customersdelete',
    },
    idsField: 'customer_ids',
    create: customerCreateSchema,
    update: customerUpdateSchema,
    shown: customerRowSchema,
    made: z.object({ id: z.number(), name: z.string(), customer_number: z.string() }),
  }),
  /** The POS's customer picker: by phone, name or number as the cashier types. */
  search: defineEndpoint({
    method: 'GET',
    path: '/getcustomers',
    access: canAny('salesPOS', 'customerList'),
    resource: CUSTOMER,
    query: listQuerySchema.pick({ search: true }),
    answer: ok(z.array(customerChoice)),
    summary: 'At most 20 customers whose name, phone or number matches, with their balance and available credit',
  }),
  paymentStore: defineEndpoint({
    method: 'POST',
    path: '/customerpaymentstore',
    access: can('customerPayment'),
    resource: [CUSTOMER, 'sale'],
    body: customerPaymentSchema,
    answer: doneWith(paymentMade),
    summary: "A payment to a customer's account: settles their oldest unpaid sales first, the rest is an advance",
  }),
  paymentReverse: defineEndpoint({
    method: 'POST',
    path: '/customerpaymentreverse/:id',
    access: can('customerPayment'),
    resource: [CUSTOMER, 'sale'],
    params: idParamSchema,
    body: customerPaymentReverseSchema,
    answer: doneWith(paymentMade),
    errors: [409],
    summary: 'Reverse a payment with a new record (409 when it is a reversal or was reversed already)',
  }),
  paymentShow: defineEndpoint({
    method: 'GET',
    path: '/customerpaymentshow/:id',
    access: canAny('customerPayment', 'customerStatement'),
    resource: CUSTOMER,
    params: idParamSchema,
    answer: ok(customerPaymentShown),
    summary: 'One payment or reversal, as its receipt shows it',
  }),
  statement: defineEndpoint({
    method: 'GET',
    path: '/customerstatement/:id',
    access: can('customerStatement'),
    resource: [CUSTOMER, 'sale', 'return'],
    params: idParamSchema,
    query: statementQuerySchema,
    answer: ok(customerStatement),
    summary:
      "A customer's statement over a period: opening balance, every sale on account, payment, return and reversal, closing balance and aging",
  }),
  statementPdf: defineEndpoint({
    method: 'GET',
    path: '/customerstatementpdf/:id',
    access: can('customerStatement'),
    resource: [CUSTOMER, 'sale', 'return'],
    params: idParamSchema,
    query: statementQuerySchema,
    answer: file('pdf'),
    summary: "A customer's statement as an A4 PDF",
  }),
  receivables: listEndpoints(receivablesReport),
};
