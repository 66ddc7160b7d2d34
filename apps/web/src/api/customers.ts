import { API } from 'virtual:contract-addresses';
import type { InputOf } from '@duka/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { call } from './client.ts';
import { datedName, downloadFile } from './download.ts';
import { useRecord, useWrite } from './lists.ts';
import { resourcesOf, useCall } from './queries.ts';

// The debt book's data beside the list and form kits: one customer, their statement over a period (on screen and as
// PDF), a payment to their account and its reversal, and one payment as its receipt shows it.

/** A statement's period, both days included (YYYY-MM-DD). */
export interface StatementPeriod {
  startDate: string;
  endDate: string;
}

/** One customer with their balance, available credit and over-limit flag (the show page). */
export const useCustomer = (id: string | undefined) => useRecord(API.customer.show, id);

/** The statement over `period`; the previous period's stays on screen while the next one loads. */
export const useCustomerStatement = (id: number, period: StatementPeriod) =>
  useCall(
    API.customer.statement,
    { params: { id }, query: period },
    { placeholderData: keepPreviousData, select: (answer) => answer.data },
  );

/** The statement over `period` as the server's A4 PDF, named `statement_<customer number>` when it does not say. */
export const downloadStatement = (id: number, customerNumber: string, period: StatementPeriod) =>
  downloadFile(
    API.customer.statementPdf,
    { params: { id }, query: period },
    datedName(`statement_${customerNumber}`, 'pdf'),
  );

/**
 * What a payment or a reversal changes: the customer's balance and statement, the sales it settles, and the money the
 * cashier took, which their cash-up, the reports and the dashboard count.
 */
const PAYMENT_REFRESHES = [...resourcesOf(API.customer.paymentStore), 'cashUp', 'report', 'dashboard'];

export const useTakePayment = () =>
  useWrite(
    (body: InputOf<typeof API.customer.paymentStore>['body']) => call(API.customer.paymentStore, { body }),
    PAYMENT_REFRESHES,
  );

export const useReversePayment = () =>
  useWrite(
    ({ id, reason }: { id: number; reason: string }) =>
      call(API.customer.paymentReverse, { params: { id }, body: { reason } }),
    PAYMENT_REFRESHES,
  );

/** One payment or reversal with the sales it settled (the 80 mm receipt). */
export const useCustomerPayment = (id: string | undefined) => useRecord(API.customer.paymentShow, id);
