import { API } from 'virtual:contract-addresses';
import type { CashUpDay, CashUpRecord, InputOf } from '@duka/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { call } from './client.ts';
import { useRecord, useWrite } from './lists.ts';
import { useCall } from './queries.ts';

// The till after the sale: a cashier's day for the cash-up, saving it, a manager's recount, one saved cash-up (the
// Z-report), the cash-ups list, and returns.

/** Who a cash-up is of: the open day names its cashier with an id, a saved one by name (null when the user is gone). */
export const cashierName = (c: Pick<CashUpDay, 'cashier'> | Pick<CashUpRecord, 'cashier'>) =>
  typeof c.cashier === 'string' ? c.cashier : (c.cashier?.name ?? 'N/A');

/** One cashier's day: the signed-in user's, or `userId`'s (salesCashUpAll). */
export const useCashUpDay = (date: string, openingFloat: number, userId?: number) =>
  useCall(
    API.cashUp.day,
    { query: { date, opening_float: openingFloat, user_id: userId } },
    { placeholderData: keepPreviousData, select: (answer) => answer.data },
  );

/** Whose day a holder of salesCashUpAll may pick; not asked for without the key. */
export const useCashiers = (enabled: boolean) =>
  useCall(API.cashUp.cashiers, {}, { enabled, select: (answer) => answer.data });

export const useSaveCashUp = () =>
  useWrite((body: InputOf<typeof API.cashUp.store>['body']) => call(API.cashUp.store, { body }), ['cashUp']);

/** A manager's recount of a saved cash-up (salesCashUpRecount): a new record beside the first. */
export const useRecountCashUp = () =>
  useWrite(
    ({ id, ...body }: InputOf<typeof API.cashUp.recount>['body'] & { id: number }) =>
      call(API.cashUp.recount, { params: { id }, body }),
    ['cashUp'],
  );

/** One saved cash-up with its other counts (the Z-report). */
export const useCashUp = (id: string | undefined) => useRecord(API.cashUp.show, id);

/**
 * A return: the sale it was made against and its list show it, the day's cash-up counts its refund, its goods go back
 * into stock, and the reports and dashboard count it.
 */
export const useSaveReturn = (saleId: string | undefined) =>
  useWrite(
    (body: InputOf<typeof API.return.store>['body']) => call(API.return.store, { params: { saleId }, body }),
    ['return', 'stock', 'report', 'dashboard'],
  );

/** One return with its lines (the return receipt). */
export const useReturn = (id: string | undefined) => useRecord(API.return.show, id);
