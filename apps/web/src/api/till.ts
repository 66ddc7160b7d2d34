import type { CashUpInput, SaleReturnInput } from '@duka/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { toQueryString, useWrite } from './lists.ts';

// The till after the sale (issue 13): a cashier's day for the cash-up, saving it, and returns.

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
}

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

export const useSaveReturn = (saleId: string | undefined) =>
  useWrite<SaleReturnInput, { message: string; data: { id: number; return_number: number } }>(
    (input) => api('POST', `/salesreturnstore/${saleId}`, input),
    ['/saleshow', '/saleslist', '/salesreturnlist', '/salescashup'],
  );
