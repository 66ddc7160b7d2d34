import { API } from 'virtual:contract-addresses';
import type { InputOf } from '@duka/shared';
import { call } from './client.ts';
import { datedName, downloadFile } from './download.ts';
import { useRecord, useWrite } from './lists.ts';
import { resourcesOf, useCall } from './queries.ts';

// Quotations and deliveries beside the list and form kits: one quotation, its PDF, its cancellation and its conversion
// into a sale; a sale's lines still to collect, a delivery note made of some of them, one delivery note and its PDF.

/** One quotation with its customer, lines, totals and VAT (the quotation's page). */
export const useQuotation = (id: string | undefined) => useRecord(API.quotation.show, id);

/** The quotation as the server's A4 PDF, named by its number when the server does not name it. */
export const downloadQuotation = (id: number, quotationNumber: string) =>
  downloadFile(API.quotation.pdf, { params: { id } }, datedName(`quotation_${quotationNumber}`, 'pdf'));

/** Cancels an open quotation with the reason; the list and the quotation's page refresh. */
export const useCancelQuotation = () =>
  useWrite(
    ({ id, reason }: { id: number; reason: string }) =>
      call(API.quotation.cancel, { params: { id }, body: { reason } }),
    resourcesOf(API.quotation.cancel),
  );

/**
 * Makes the sale: besides what the contract names (the quotation, the sale, the stock, the customer's account, the
 * deliveries), the reports, the dashboard and the day's cash-up count it.
 */
export const useConvertQuotation = () =>
  useWrite(
    ({ id, body }: { id: number; body: InputOf<typeof API.quotation.convert>['body'] }) =>
      call(API.quotation.convert, { params: { id }, body }),
    [...resourcesOf(API.quotation.convert), 'report', 'dashboard', 'cashUp'],
  );

/** A sale's lines with what was sold, returned, delivered and what remains to collect; none asked without a sale. */
export const useSaleDeliveries = (saleId: number | undefined, { enabled = true } = {}) =>
  useCall(
    API.deliveryNote.saleLines,
    { params: { id: saleId ?? 0 } },
    { enabled: enabled && saleId !== undefined, select: (answer) => answer.data },
  );

/** Records one trip's goods; what waits in the yard (the report, the stock levels) refreshes with the sale. */
export const useCreateDeliveryNote = () =>
  useWrite(
    (body: InputOf<typeof API.deliveryNote.store>['body']) => call(API.deliveryNote.store, { body }),
    [...resourcesOf(API.deliveryNote.store), 'report', 'stock'],
  );

/** One delivery note with what left and what remained of each line after it. */
export const useDeliveryNote = (id: string | undefined) => useRecord(API.deliveryNote.show, id);

/** The delivery note as the server's A4 PDF, named by its number when the server does not name it. */
export const downloadDeliveryNote = (id: number, deliveryNumber: string) =>
  downloadFile(API.deliveryNote.pdf, { params: { id } }, datedName(`delivery_note_${deliveryNumber}`, 'pdf'));
