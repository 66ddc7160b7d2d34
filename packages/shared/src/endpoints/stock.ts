import { z } from 'zod';
import { stockAdjustmentSchema, stockCreateSchema, stockUpdateSchema } from '../catalogue.schemas.ts';
import { recordEndpoints } from '../contract/crud.ts';
import { can, defineEndpoint, doneWith, type Endpoint, file, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { idParamSchema } from '../list.schemas.ts';
import { stockLevelList, stockList, stockRowSchema, stockWriteOffList } from '../lists/stock-lists.ts';

// Stock batches (received goods, each keeping its own balance), their write-offs and the stock levels. The rows of the
// three lists are declared with the lists (lists/stock-lists.ts).

/** One batch as /stockshow answers it: the list's row and its unit's plural (the PDF and the show page word it). */
export const stockShown = stockRowSchema.extend({ measurement_plural: z.string().nullable() });
export type StockShown = z.output<typeof stockShown>;

/** What /stockstore answers of the batch it received. */
export const stockMade = z.object({ id: z.number(), batch_number: z.string(), total_cost: z.number() });
export type StockMade = z.output<typeof stockMade>;

/** A batch with stock left, as the write-off form's select lists it. */
export const stockBatchOption = z.object({
  id: z.number(),
  batch_number: z.string(),
  /** The product, whose units (GET /productunits) a write-off may be entered in. */
  product_id: z.number(),
  product_name: z.string(),
  /** The batch's unit, its product's base: the balance is counted in it. */
  measurement_id: z.number(),
  measurement_name: z.string(),
  balance: z.number(),
});
export type StockBatchOption = z.output<typeof stockBatchOption>;

/** What a write-off answers: the adjustment's id and the batch's balance after it. */
export const stockWriteOffMade = z.object({ id: z.number(), balance: z.number() });
export type StockWriteOffMade = z.output<typeof stockWriteOffMade>;

/** Each endpoint of a group with its summary. */
const summarized = <const E extends Record<string, Endpoint>>(endpoints: E, summaries: { [K in keyof E]: string }) =>
  Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { ...e, summary: summaries[name] }])) as E;

/** A declared list's three calls, summarized from what the list holds. */
const listSummarized = <const E extends Record<'list' | 'xlsx' | 'csv', Endpoint>>(endpoints: E, what: string) =>
  summarized(endpoints, { list: `${what}, a page`, xlsx: `${what} as XLSX`, csv: `${what} as CSV` } as {
    [K in keyof E]: string;
  });

export const stockEndpoints = {
  /** /stocklist, /stockxlsx, /stockcsv. */
  batchList: listSummarized(listEndpoints(stockList), 'The stock batches received, newest stock date first'),
  ...summarized(
    recordEndpoints({
      word: 'stock',
      paths: {
        store: '/stockstore',
        show: '/stockshow',
        update: '/stockupdate',
        delete: '/stockdelete',
        bulkDelete: '/stocksdelete',
      },
      idsField: 'ids',
      create: stockCreateSchema,
      update: stockUpdateSchema,
      shown: stockShown,
      made: stockMade,
    }),
    {
      store: 'Receive a stock batch',
      show: 'One stock batch',
      update: 'Correct a stock batch (never below what was sold or written off)',
      delete: 'Move a stock batch to the trash (refused once it has sales)',
      bulkDelete: 'Move several stock batches to the trash, all or none',
    },
  ),
  /** One batch as a PDF. */
  pdf: defineEndpoint({
    method: 'GET',
    path: '/stockpdf/:id',
    access: can('stockList'),
    resource: 'stock',
    summary: 'One stock batch as a PDF',
    params: idParamSchema,
    answer: file('pdf'),
  }),
  /** /stocklevel, /stocklevelxlsx, /stocklevelcsv. */
  levelList: listSummarized(listEndpoints(stockLevelList), 'Every live batch with its balance, sales and status'),
  /** /stockadjustmentlist, /stockadjustmentxlsx, /stockadjustmentcsv. */
  writeOffList: listSummarized(listEndpoints(stockWriteOffList), 'The stock written off, newest first'),
  writeOff: defineEndpoint({
    method: 'POST',
    path: '/stockadjustmentstore',
    access: can('stockAdjustmentAdd'),
    resource: ['stockadjustment', 'stock'],
    summary: 'Write stock off a batch (damage, loss, expiry, count correction), never below 0',
    body: stockAdjustmentSchema,
    answer: doneWith(stockWriteOffMade),
    errors: [409],
  }),
  /** The write-off form's batch select. */
  batchesWithStock: defineEndpoint({
    method: 'GET',
    path: '/getstockbatches',
    access: can('stockAdjustmentAdd'),
    resource: 'stock',
    summary: 'The live batches with stock left, by product name and stock date',
    answer: ok(z.array(stockBatchOption)),
  }),
};
