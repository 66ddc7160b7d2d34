import { API } from 'virtual:contract-addresses';
import type { CustomerChoice, InputOf } from '@duka/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { onAccountInOutbox, searchCustomersInCopy } from '../offline/customers.ts';
import { call } from './client.ts';
import { useWrite } from './lists.ts';
import { queryKeyOf, resourcesOf } from './queries.ts';
import { serverOrCopy } from './sales.ts';

// The POS's side of the debt book: finding the customer a sale is for (the server's picker, or the till's local copy
// when the server cannot be reached), what they may still put on account, and a customer added at the till.

const searchInput = (search: string) => ({ query: { search } });

/**
 * The server's matches, or the local copy's: either way less what sales still waiting in the outbox put on each
 * account, which the server does not count until they arrive.
 */
const findCustomers = (search: string): Promise<CustomerChoice[]> =>
  serverOrCopy(
    async () => {
      const found = (await call(API.customer.search, searchInput(search))).data;
      const owed = await onAccountInOutbox();
      if (owed.size === 0) return found;
      return found.map((c) => {
        const balance = c.balance + (owed.get(c.id) ?? 0);
        return { ...c, balance, available_credit: Math.max(c.credit_limit - balance, 0) };
      });
    },
    () => searchCustomersInCopy(search),
  );

/** The picker's matches while the cashier types; the previous ones stay on screen until the next arrive. */
export const useCustomerSearch = (search: string) =>
  useQuery({
    queryKey: queryKeyOf(API.customer.search, searchInput(search)),
    queryFn: () => findCustomers(search),
    enabled: search.trim() !== '',
    placeholderData: (previous) => previous,
    networkMode: 'always',
    staleTime: 5_000,
  });

/**
 * The chosen customer as they are now (their balance moves with every sale and payment, at this till or another),
 * found again by their number; the choice as it was made until that answer comes, or when it cannot.
 */
export function useChosenCustomer(chosen: CustomerChoice | null): CustomerChoice | null {
  const search = chosen?.customer_number ?? '';
  const fresh = useQuery({
    queryKey: queryKeyOf(API.customer.search, searchInput(search)),
    queryFn: () => findCustomers(search),
    enabled: Boolean(chosen),
    networkMode: 'always',
    staleTime: 5_000,
    select: (found) => found.find((c) => c.id === chosen?.id),
  });
  return chosen ? (fresh.data ?? chosen) : null;
}

/**
 * Marks the picker's answers as stale: a sale kept offline put part of itself on a customer's account, which the
 * answers already given do not count yet.
 */
export const useRefreshCustomerSearch = () => {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: queryKeyOf(API.customer.search).slice(0, -1) });
};

/** A customer added at the till: the customers' list and picker learn of them. */
export const useAddCustomer = () =>
  useWrite(
    (body: InputOf<typeof API.customer.store>['body']) => call(API.customer.store, { body }),
    resourcesOf(API.customer.store),
  );
