import { API } from 'virtual:contract-addresses';
import type { InputOf } from '@duka/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { call } from './client.ts';
import type { StatementPeriod } from './customers.ts';
import { datedName, downloadFile } from './download.ts';
import { useWrite } from './lists.ts';
import { resourcesOf, useCall } from './queries.ts';

// What the shop owes its suppliers, beside the report's kit: a supplier's statement over a period (on screen and as
// PDF), a payment to a supplier and its reversal.

/** The statement over `period`; the previous period's stays on screen while the next one loads. */
export const useSupplierStatement = (id: number, period: StatementPeriod) =>
  useCall(
    API.supplierAccount.statement,
    { params: { id }, query: period },
    { placeholderData: keepPreviousData, select: (answer) => answer.data },
  );

/** The statement over `period` as the server's A4 PDF, named `statement_<supplier number>` when it does not say. */
export const downloadSupplierStatement = (id: number, supplierNumber: string, period: StatementPeriod) =>
  downloadFile(
    API.supplierAccount.statementPdf,
    { params: { id }, query: period },
    datedName(`statement_${supplierNumber}`, 'pdf'),
  );

/**
 * What a payment or a reversal changes: the supplier's balance and statement, the bills it pays, and, when it is cash
 * out of the till, the paying cashier's cash-up; the reports and the dashboard count it.
 */
const PAYMENT_REFRESHES = [...resourcesOf(API.supplierAccount.paymentStore), 'cashUp', 'report', 'dashboard'];

export const usePaySupplier = () =>
  useWrite(
    (body: InputOf<typeof API.supplierAccount.paymentStore>['body']) =>
      call(API.supplierAccount.paymentStore, { body }),
    PAYMENT_REFRESHES,
  );

export const useReverseSupplierPayment = () =>
  useWrite(
    ({ id, reason }: { id: number; reason: string }) =>
      call(API.supplierAccount.paymentReverse, { params: { id }, body: { reason } }),
    PAYMENT_REFRESHES,
  );
