import { API } from 'virtual:contract-addresses';
import { call } from './client.ts';
import { datedName, downloadFile } from './download.ts';
import { useRecord, useWrite } from './lists.ts';
import { resourcesOf, useCall } from './queries.ts';

// Buying's data beside the list and form kits: one purchase order, its PDF, its cancellation and what to reorder from
// a supplier; one receipt of goods and its PDF.

/** One order with its supplier and lines (the show page). */
export const usePurchaseOrder = (id: string | undefined) => useRecord(API.purchaseOrder.show, id);

/** The order as the server's A4 PDF, named by its PO number when the server does not name it. */
export const downloadPurchaseOrder = (id: number, poNumber: string) =>
  downloadFile(API.purchaseOrder.pdf, { params: { id } }, datedName(poNumber, 'pdf'));

/** Cancels an order with the reason; the list and the order's page refresh. */
export const useCancelPurchaseOrder = () =>
  useWrite(
    ({ id, reason }: { id: number; reason: string }) =>
      call(API.purchaseOrder.cancel, { params: { id }, body: { reason } }),
    resourcesOf(API.purchaseOrder.cancel),
  );

/** The products to order again from a supplier (none asked until one is chosen). */
export const useReorderSuggestions = (supplierId: number | undefined) =>
  useCall(
    API.purchaseOrder.suggestions,
    { query: { supplier_id: supplierId ?? 0 } },
    { enabled: supplierId !== undefined, select: (answer) => answer.data },
  );

/** One receipt of goods with its lines and batches (the receipt's page). */
export const useGoodsReceived = (id: string | undefined) => useRecord(API.goodsReceived.show, id);

/** The receipt as the server's A4 PDF, named by its GRN number when the server does not name it. */
export const downloadGoodsReceived = (id: number, grnNumber: string) =>
  downloadFile(API.goodsReceived.pdf, { params: { id } }, datedName(grnNumber, 'pdf'));
