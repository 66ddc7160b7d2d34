import type { CashUpInput, CashUpRecountInput, SaleReturnInput } from '@duka/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { toQueryString, useWrite } from './lists.ts';

// The till after the sale: a cashier's day for the cash-up, saving it, and returns.

export interface MethodTotal {
  method: string;
  sales_count: number;
  sales_amount: number;
  returns_count: number;
  refunds: number;
}
export interface CashUp {
  id?: number;
  saved: boolean;
  day?: string;
  date?: string;
  cashier: { id: number; name: string } | string | null;
  opened_at: string;
  closed_at: string;
  sales_count?: number;
  returns_count?: number;
  opening_float: number;
  cash_taken: number;
  change_given: number;
  cash_refunds: number;
  expected_cash: number;
  counted_cash: number | null;
  difference: number | null;
  by_method: MethodTotal[];
  note: string | null;
  created_at?: string;
  /** A saved one: its first cash-up when it is a recount, the recount's reason, "First count" or "Recount of No. 3". */
  recount_of?: number | null;
  reason?: string | null;
  count_label?: string;
  saved_by?: string | null;
  /** The open day: the cash-ups already saved for it, and whether a cash-up may be saved now. */
  cash_ups?: SavedCashUp[];
  can_save?: boolean;
  /** One saved cash-up's counts: its first count and recounts, oldest first. */
  counts?: SavedCashUp[];
}
/** A saved cash-up or recount as the day, the list and the show call return it. */
export type SavedCashUp = CashUp & { id: number; counted_cash: number; difference: number; created_at: string };

export const cashierName = (c: CashUp) => (typeof c.cashier === 'string' ? c.cashier : (c.cashier?.name ?? 'N/A'));

/** One cashier's day: the signed-in user's, or `userId`'s (salesCashUpAll). */
export const useCashUpDay = (date: string, openingFloat: number, userId?: number) =>
  useQuery({
    queryKey: ['/salescashup', date, openingFloat, userId],
    queryFn: async () =>
      (
        await api<{ data: CashUp }>(
          'GET',
          `/salescashup${toQueryString({ date, opening_float: openingFloat, user_id: userId })}`,
        )
      ).data,
    placeholderData: (previous) => previous,
  });

/** Whose day a holder of salesCashUpAll may pick; not asked for without the key. */
export const useCashiers = (enabled: boolean) =>
  useQuery({
    queryKey: ['/salescashupcashiers'],
    queryFn: async () => (await api<{ data: { id: number; name: string }[] }>('GET', '/salescashupcashiers')).data,
    enabled,
  });

export const useSaveCashUp = () =>
  useWrite<CashUpInput, { message: string; data: { id: number } }>(
    (input) => api('POST', '/salescashupstore', input),
    ['/salescashup', '/salescashuplist'],
  );

/** A manager's recount of a saved cash-up (salesCashUpRecount): a new record beside the first. */
export const useRecountCashUp = () =>
  useWrite<CashUpRecountInput & { id: number }, { message: string; data: { id: number; difference: number } }>(
    ({ id, ...input }) => api('POST', `/salescashuprecount/${id}`, input),
    ['/salescashup', '/salescashuplist', '/salescashupshow'],
  );

export const useSaveReturn = (saleId: string | undefined) =>
  useWrite<SaleReturnInput, { message: string; data: { id: number; return_number: number } }>(
    (input) => api('POST', `/salesreturnstore/${saleId}`, input),
    ['/saleshow', '/saleslist', '/salesreturnlist', '/salescashup'],
  );
