import { z } from 'zod';
import { brandParam, idField } from '../catalogue.schemas.ts';
import { can, canAny, defineEndpoint, done, doneWith, type Endpoint, instant, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { numeric, requiredText, trimBlanks } from '../fields.ts';
import { idParamSchema, listQuerySchema } from '../list.schemas.ts';
import { saleList, saleListRowSchema } from '../lists/sales-lists.ts';
import { MAX_AMOUNT } from '../money.ts';
import { saleSchema } from '../sales.schemas.ts';
import { option } from './common.ts';

// The point of sale (its in-stock cascade, search, a cart line's batches and the till's offline copy), the sale
// itself, the sales list and one sale as its receipt or invoice shows it.

const pos = can('salesPOS');
/** The POS's reads are about the stock in hand: what a sale or a stock write changes. */
const STOCK = 'stock';

/** Each endpoint of a group with its summary. */
const summarized = <const E extends Record<string, Endpoint>>(endpoints: E, summaries: { [K in keyof E]: string }) =>
  Object.fromEntries(Object.entries(endpoints).map(([key, e]) => [key, { ...e, summary: summaries[key] }])) as E;

// Inputs.

/** A batch number in a path or query string: BN and 14 hex digits. */
export const batchNumberParam = z.string().regex(/^BN[0-9A-F]{14}$/, { error: 'Unknown batch.' });

export const posSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for.' })
    .overwrite(trimBlanks)
    .min(1, { error: 'Type something to search for.' })
    .max(100, { error: 'At most 100 characters.' }),
});

export const lineBatchesQuerySchema = z.object({
  product_id: idField('Product is required.'),
  // `none`: the line's goods have no brand.
  brand_id: brandParam('Brand is required.'),
  measurement_id: idField('Measurement is required.'),
});

export const salePriceQuerySchema = z.object({
  productId: numeric(z.number().int().positive()),
  batchNumber: batchNumberParam,
  brandId: brandParam('Brand is required.'),
  measurementId: numeric(z.number().int().positive()),
});

/** What a till tells of an offline sale the server refused for good, when the cashier discards it. */
export const offlineDiscardSchema = z.object({
  idempotencyKey: saleSchema.shape.idempotencyKey,
  made_at: z.iso.datetime({ offset: true, error: 'The time the sale was made must be an ISO date and time.' }),
  total_amount: z
    .number({ error: 'The total must be a whole number of shillings.' })
    .int({ error: 'The total must be a whole number of shillings.' })
    .min(0, { error: 'The total must be a whole number of shillings.' })
    .max(MAX_AMOUNT),
  reason: requiredText('The reason the server gave is required.', 1000),
});

// Answers.

/** A batch's brand in the POS: `{ id: null, name: NO_BRAND }` for goods without one. */
export const posBrand = z.object({ id: z.number().nullable(), name: z.string() });
export type PosBrand = z.output<typeof posBrand>;

/** A unit with the plural the shop wrote for it (null: the shared unitLabel rule makes it). */
export const posUnit = z.object({ id: z.number(), name: z.string(), plural: z.string().nullable() });
export type PosUnit = z.output<typeof posUnit>;

/**
 * A unit a line may be sold in: the base (factor 1, no discount) or another unit of the product, with its price from
 * the batch's price per base unit (unit-amounts.ts: unitPrice).
 */
export const posSaleUnit = posUnit.extend({ factor: z.number(), bulk_discount_percent: z.number(), price: z.number() });
export type PosSaleUnit = z.output<typeof posSaleUnit>;

/** A product's batch with stock (the cascade's batch step), oldest first. */
export const batchInStock = z.object({
  id: z.number(),
  batch_number: z.string(),
  balance: z.number(),
  /** YYYY-MM-DD. */
  stock_date: z.string(),
});
export type BatchInStock = z.output<typeof batchInStock>;

/** One sellable line of the POS search: a product, brand and unit from its oldest batch with stock. */
export const posSearchHit = z.object({
  product_id: z.number(),
  name: z.string(),
  brand: posBrand,
  measurement: posUnit,
  batch_number: z.string(),
  sale_price: z.number(),
  balance: z.number(),
  barcode: z.string().nullable(),
  sku: z.string().nullable(),
  /** The units it may be sold in, the base first (sale_price and balance are per base unit). */
  units: z.array(posSaleUnit),
});
export type PosSearchHit = z.output<typeof posSearchHit>;

/** Another batch a cart line may take: the same product, brand and unit, with its price. */
export const lineBatch = z.object({
  batch_number: z.string(),
  sale_price: z.number(),
  balance: z.number(),
  /** YYYY-MM-DD. */
  stock_date: z.string(),
});
export type LineBatch = z.output<typeof lineBatch>;

/**
 * The till's local copy for selling offline, normalised so a big shop's copy stays small: every name once, batches as
 * ids with their price and balance (PosSnapshot). The server sends it already serialized (see the route), so these
 * rows describe it without being parsed on every request.
 */
export const posSnapshotSchema = z.object({
  /** When the server read it (ISO): the till shows how old its copy is. */
  taken_at: z.string(),
  products: z.array(
    z.object({ id: z.number(), name: z.string(), barcode: z.string().nullable(), sku: z.string().nullable() }),
  ),
  brands: z.array(z.object({ id: z.number(), name: z.string() })),
  measurements: z.array(posUnit),
  /** Oldest stock first within a product, the order the POS sells them in. */
  batches: z.array(
    z.object({
      batch_number: z.string(),
      product_id: z.number(),
      /** Null for goods without a brand. */
      brand_id: z.number().nullable(),
      measurement_id: z.number(),
      sale_price: z.number(),
      balance: z.number(),
      /** YYYY-MM-DD. */
      stock_date: z.string(),
    }),
  ),
  /** The products' units other than their base: a line in one takes `factor` base units of its batch. */
  product_units: z.array(
    z.object({
      product_id: z.number(),
      measurement_id: z.number(),
      factor: z.number(),
      bulk_discount_percent: z.number(),
    }),
  ),
  /**
   * The customers a till may sell to on account offline: live ones with a credit limit or a balance (an advance
   * too), so the picker finds them and the till knows what credit they have left.
   */
  customers: z.array(
    z.object({
      id: z.number(),
      customer_number: z.string(),
      name: z.string(),
      phone_number: z.string(),
      balance: z.number(),
      credit_limit: z.number(),
    }),
  ),
});
export type PosSnapshotAnswer = z.output<typeof posSnapshotSchema>;

/** A joined record's name, never null (an inner join). */
const name = z.object({ name: z.string() });
/** A joined record's name, null when the join found none (the creator of a record whose user was removed). */
const nameOrNull = name.nullable();

/** A sale line (or a returned line's sale line) with its batch and named product, brand and unit. */
const lineNames = {
  unit_price: z.number(),
  batch_number: z.string(),
  product: name,
  /** NO_BRAND for goods without one. */
  brand: name,
  measurement: z.object({ name: z.string(), plural: z.string().nullable() }),
};

/**
 * A sale line as sold: `quantity`, `measurement` and `unit_price` in the unit the customer bought; `base_quantity` what
 * its batch gave, in the batch's (base) unit, `factor` base units per sold unit (1 when sold in the base).
 */
export const saleLineShown = z.object({
  ...lineNames,
  id: z.number(),
  quantity: z.number(),
  total_price: z.number(),
  factor: z.number(),
  base_quantity: z.number(),
  base_measurement: z.object({ name: z.string(), plural: z.string().nullable() }),
});
export type SaleLineShown = z.output<typeof saleLineShown>;

export const salePaymentShown = z.object({
  method: z.string(),
  amount: z.number(),
  reference: z.string().nullable(),
});
export type SalePaymentShown = z.output<typeof salePaymentShown>;

/** A return made against the sale, as its receipt lists it. */
export const saleReturnOfSale = z.object({
  id: z.number(),
  return_number: z.number(),
  /** The return's value: credited_amount of it went off the customer's account, the rest was refunded. */
  refund_amount: z.number(),
  credited_amount: z.number(),
  refund_method: z.string(),
  refund_reference: z.string().nullable(),
  reason: z.string(),
  created_at: instant,
  user: nameOrNull,
});
export type SaleReturnOfSale = z.output<typeof saleReturnOfSale>;

/** One sale as its receipt, invoice and return screen show it. */
export const saleShown = saleListRowSchema.omit({ net_amount: true, payment_label: true }).extend({
  items: z.array(saleLineShown),
  /** Per shop, 1, 2, 3… without gaps; null on a sale recorded before receipts were numbered. */
  receipt_number: z.number().nullable(),
  change_given: z.number(),
  /** What the payments handed over, change included. */
  amount_tendered: z.number(),
  payments: z.array(salePaymentShown),
  returns: z.array(saleReturnOfSale),
  /** Quantity returned so far, by sale line id. */
  returned: z.record(z.string(), z.number()),
  /** A sale for a customer of the debt book: who, what went on their account and their balance right after. */
  account: z
    .object({
      customer: z.object({ id: z.number(), customer_number: z.string(), name: z.string(), phone_number: z.string() }),
      on_account: z.number(),
      /** What of it is still unpaid now. */
      account_due: z.number(),
      balance_after: z.number().nullable(),
    })
    .nullable(),
});
export type SaleShown = z.output<typeof saleShown>;

export const salesEndpoints = {
  // The point of sale's cascade: product → batch (with balance) → brand → measurement → price.
  productsInStock: defineEndpoint({
    method: 'GET',
    path: '/getproductsinstock',
    access: pos,
    resource: STOCK,
    query: listQuerySchema.pick({ search: true }),
    answer: ok(z.array(option)),
    summary: 'Products with stock, by name (at most 50), searched by name',
  }),
  batchesInStock: defineEndpoint({
    method: 'GET',
    path: '/getbatchnumbersbyproductinstock/:id',
    access: pos,
    resource: STOCK,
    params: idParamSchema,
    answer: ok(z.array(batchInStock)),
    summary: "A product's batches with stock, oldest first",
  }),
  brandOfBatch: defineEndpoint({
    method: 'GET',
    path: '/getbrandsbybatchnumberinstock/:batch',
    access: pos,
    resource: STOCK,
    params: z.object({ batch: batchNumberParam }),
    answer: ok(z.array(posBrand)),
    summary: "A batch's brand (id null and NO_BRAND for goods without one)",
  }),
  measurementsOfBrand: defineEndpoint({
    method: 'GET',
    path: '/getmeasurementsbybrandinstock/:id',
    access: pos,
    resource: STOCK,
    // `none`: the batches without a brand.
    params: z.object({ id: brandParam('Not found.') }),
    query: z.object({ batchNumber: batchNumberParam.optional() }),
    answer: ok(z.array(posUnit)),
    summary:
      "The units a brand's batches with stock may be sold in (of one batch when batchNumber is given): each batch's unit and its product's other units",
  }),
  salePrice: defineEndpoint({
    method: 'GET',
    path: '/getsalepriceinstock',
    access: pos,
    resource: STOCK,
    query: salePriceQuerySchema,
    // salePrice per unit asked (measurementId: the batch's unit or another unit of its product), balance in the batch's
    // (base) unit, unitBalance the same in the unit asked (to the thousandth below), factor base units per unit asked.
    answer: z.object({
      success: z.literal(true),
      salePrice: z.number(),
      balance: z.number(),
      factor: z.number(),
      unitBalance: z.number(),
    }),
    errors: [404],
    summary: "A batch's sale price in the unit asked and its balance (404 when it has no stock of that brand and unit)",
  }),
  /** The POS search box and the barcode scanner: at most 20 sellable lines, best first. */
  search: defineEndpoint({
    method: 'GET',
    path: '/possearch',
    access: pos,
    resource: STOCK,
    query: posSearchQuerySchema,
    answer: ok(z.array(posSearchHit)),
    summary: 'Search the sellable lines by name, brand, barcode, SKU or batch number: at most 20, best first',
  }),
  /** Changing the batch of a cart line: the batches it may take instead. */
  lineBatches: defineEndpoint({
    method: 'GET',
    path: '/posbatches',
    access: pos,
    resource: STOCK,
    query: lineBatchesQuerySchema,
    answer: ok(z.array(lineBatch)),
    summary: "A cart line's batches with stock (same product, brand and unit), oldest first",
  }),
  /** What the till needs to keep selling offline, fetched in the background while online (never cached). */
  snapshot: defineEndpoint({
    method: 'GET',
    path: '/possnapshot',
    access: pos,
    resource: STOCK,
    answer: ok(posSnapshotSchema),
    summary: "The till's offline copy: every batch with stock of a live product, and the names it refers to once each",
  }),
  store: defineEndpoint({
    method: 'POST',
    path: '/salesstore',
    access: pos,
    resource: 'sale',
    body: saleSchema,
    // `replayed`: the key was already used by this user for this very sale, which is answered again.
    answer: doneWith(z.object({ id: z.number(), replayed: z.boolean() })),
    errors: [409],
    summary: 'Record a sale (idempotent by its key); 409 when a batch has not enough stock',
  }),
  /** A till discarding an offline sale the server refused for good: the activity log keeps a note of it. */
  offlineDiscard: defineEndpoint({
    method: 'POST',
    path: '/salesofflinediscard',
    access: pos,
    resource: 'sale',
    body: offlineDiscardSchema,
    answer: done,
    errors: [409],
    summary: 'Note in the activity log an offline sale the till discards (409 when the server recorded it)',
  }),
  list: summarized(listEndpoints(saleList), {
    list: "The sales, newest first, with what their returns refunded, and the period's totals",
    xlsx: 'The sales list as an Excel file',
    csv: 'The sales list as a CSV file',
  }),
  /** A receipt or an invoice shows one sale: the POS key alone does not open it. */
  show: defineEndpoint({
    method: 'GET',
    path: '/saleshow/:id',
    access: canAny('salesList', 'salesReceipt', 'salesInvoice'),
    resource: ['sale', 'return'],
    params: idParamSchema,
    answer: ok(saleShown),
    summary: 'One sale with its lines, payments, receipt number and the returns made against it',
  }),
};
