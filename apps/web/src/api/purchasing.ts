import { API } from '@duka/shared';
import { call } from './client.ts';
import { datedName, downloadFile } from './download.ts';
import { useRecord, useWrite } from './lists.ts';
import { resourcesOf } from './queries.ts';

// Buying's data beside the list and form kits: one purchase order, its PDF, and its cancellation.

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
