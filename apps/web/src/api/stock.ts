import { API } from 'virtual:contract-addresses';
import { useQueryClient } from '@tanstack/react-query';
import { useLookup, useRecord } from './lists.ts';
import { invalidate, useCall, useCallWrite } from './queries.ts';

// The stock's data beyond the list and form kits: the stock form's brand choices, the write-off form's batches, one
// batch for its show page, and the stock discrepancies' batches and resolution.

/** The brands of one product (the stock form's Brand): asked for only once a product is chosen. */
export const useBrandsOf = (productId: number | undefined) =>
  useCall(
    API.brand.ofProduct,
    { params: { id: productId as number } },
    { enabled: Boolean(productId), select: (answer) => answer.data },
  );

/** Every brand name once: the stock form offers the other products' brands too. */
export const useAllBrands = () => useLookup(API.brand.names);

/** The live batches with stock left (the write-off form's Batch), each with its balance. */
export const useBatchesWithStock = () => useLookup(API.stock.batchesWithStock);

/** One batch, with its unit's plural (the show page). */
export const useStockBatch = (id: string | undefined) => useRecord(API.stock.show, id);

/** The batches of a discrepancy's product that have stock, oldest first (the resolve dialog's Batch). */
export const useDiscrepancyBatches = (discrepancyId: number) =>
  useCall(API.discrepancy.batches, { params: { id: discrepancyId } }, { select: (answer) => answer.data });

/** Resolves a discrepancy. What it changed is refreshed by `useRefreshResolved` once the dialog has closed, so the
 * dialog's batches are not asked for again. */
export const useResolveDiscrepancy = () => useCallWrite(API.discrepancy.resolve, []);

/**
 * Refreshes what a resolution changes: the discrepancies and their open count (the dashboard's notice and the menu's
 * reminder), and, for a write-off, the batch's balance, the write-offs and what the reports and dashboard show of stock.
 */
export function useRefreshResolved() {
  const client = useQueryClient();
  return () => invalidate(client, ...API.discrepancy.resolve.resource);
}

/** How many stock discrepancies are open (the dashboard's notice), asked while `enabled`. */
export const useOpenDiscrepancyCount = (enabled: boolean) =>
  useCall(API.discrepancy.openCount, {}, { enabled, select: (answer) => answer.data.open });
