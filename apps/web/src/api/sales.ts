import { API } from 'virtual:contract-addresses';
import {
  type AnswerOf,
  type BatchInStock,
  type InputOf,
  type LineBatch,
  NO_BRAND_PARAM,
  type PosBrand,
  type PosSearchHit,
  type PosUnit,
  type SaleInput,
} from '@duka/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { decrementBalance, readCatalogue, searchCatalogue, unitsInCopy } from '../offline/catalogue.ts';
import {
  batchesInCopy,
  brandsInCopy,
  lineBatchesInCopy,
  measurementsInCopy,
  priceInCopy,
  productsInCopy,
} from '../offline/catalogue-choices.ts';
import { addToCopiedBalance, onAccountOf } from '../offline/customers.ts';
import { lastKnown } from '../offline/last-known.ts';
import { localDb } from '../offline/local-db.ts';
import type { OfflineSale } from '../offline/offline-sale.ts';
import { whenIdle } from '../platform/when-idle.ts';
import { ApiError, call } from './client.ts';
import { type DataOf, useRecord } from './lists.ts';
import { invalidate, queryKeyOf } from './queries.ts';

// The point of sale's cascade (product → batch → brand → measurement → price), its search and a cart line's batches,
// each answered by the till's local copy when the server cannot be reached; the sale itself; one sale as its receipt,
// invoice and return screen show it; the business details they print; the sales list.

/** A brand as a path or query string names it. */
const brandInPath = (brandId: number | null) => (brandId === null ? NO_BRAND_PARAM : brandId);

/**
 * The server's answer, or `fromCopy`'s (the till's local copy) when the browser is offline or the server
 * cannot be reached: the POS keeps finding and pricing what is on the shelf, at the copy's prices and balances.
 */
export async function serverOrCopy<T>(fromServer: () => Promise<T>, fromCopy: () => Promise<T>): Promise<T> {
  if (navigator.onLine) {
    try {
      return await fromServer();
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 0) throw err;
    }
  }
  return fromCopy();
}

// The cascade is asked even offline (networkMode 'always'), where the local copy answers; paused, as TanStack Query
// pauses a query without a network, the lists stayed empty and the choices disabled.
export const useProductsInStock = (search: string, enabled = true) => {
  const input = { query: { search } };
  return useQuery({
    enabled,
    queryKey: queryKeyOf(API.sale.productsInStock, input),
    queryFn: () =>
      serverOrCopy<DataOf<typeof API.sale.productsInStock>>(
        async () => (await call(API.sale.productsInStock, input)).data,
        () => productsInCopy(search),
      ),
    placeholderData: (previous) => previous,
    networkMode: 'always',
  });
};

/** A batch of the cascade's: what the server and the local copy both tell of it. */
type BatchChoice = Pick<BatchInStock, 'batch_number' | 'balance'>;

export const useBatchesInStock = (productId: number | undefined) => {
  const input = { params: { id: productId } };
  return useQuery({
    queryKey: queryKeyOf(API.sale.batchesInStock, input),
    queryFn: () =>
      serverOrCopy<BatchChoice[]>(
        async () => (await call(API.sale.batchesInStock, input)).data,
        () => batchesInCopy(Number(productId)),
      ),
    enabled: Boolean(productId),
    networkMode: 'always',
  });
};

export const useBrandsOfBatch = (batchNumber: string | undefined) => {
  // Asked only once there is a batch (enabled below).
  const input = { params: { batch: batchNumber as string } };
  return useQuery({
    queryKey: queryKeyOf(API.sale.brandOfBatch, input),
    queryFn: () =>
      serverOrCopy<PosBrand[]>(
        async () => (await call(API.sale.brandOfBatch, input)).data,
        () => brandsInCopy(String(batchNumber)),
      ),
    enabled: Boolean(batchNumber),
    networkMode: 'always',
  });
};

/** `brandId` undefined: none chosen yet; null: the batch has no brand. */
export const useMeasurementsOfBrand = (brandId: number | null | undefined, batchNumber: string | undefined) => {
  const input = { params: { id: brandInPath(brandId ?? null) }, query: { batchNumber } };
  return useQuery({
    queryKey: queryKeyOf(API.sale.measurementsOfBrand, input),
    queryFn: () =>
      serverOrCopy<PosUnit[]>(
        async () => (await call(API.sale.measurementsOfBrand, input)).data,
        () => measurementsInCopy(brandId ?? null, String(batchNumber)),
      ),
    enabled: brandId !== undefined && Boolean(batchNumber),
    networkMode: 'always',
  });
};

/** What the cascade has chosen so far; the price is asked once all four are. */
export interface PriceChoice {
  productId?: number;
  batchNumber?: string;
  brandId?: number | null;
  measurementId?: number;
}
/** A batch's price and balance, from the server or the local copy. */
type PriceInStock = Pick<AnswerOf<typeof API.sale.salePrice>, 'salePrice' | 'balance'>;

export const useSalePrice = (q: PriceChoice) => {
  // Asked only once all four are chosen (enabled below).
  const input = {
    query: {
      productId: q.productId,
      batchNumber: q.batchNumber as string,
      brandId: brandInPath(q.brandId ?? null),
      measurementId: q.measurementId,
    },
  };
  return useQuery({
    queryKey: queryKeyOf(API.sale.salePrice, input),
    queryFn: () =>
      serverOrCopy<PriceInStock>(
        () => call(API.sale.salePrice, input),
        async () => {
          const price = await priceInCopy({
            productId: Number(q.productId),
            batchNumber: String(q.batchNumber),
            brandId: q.brandId ?? null,
            measurementId: Number(q.measurementId),
          });
          if (!price) throw new Error('This batch is not in the local copy.');
          return price;
        },
      ),
    enabled: Boolean(q.productId && q.batchNumber && q.brandId !== undefined && q.measurementId),
    retry: false,
    networkMode: 'always',
  });
};

const posSearchInput = (q: string) => ({ query: { q } });

/** The server's search, or the local copy's when the server cannot be reached (serverOrCopy). */
const searchPos = (q: string): Promise<PosSearchHit[]> =>
  serverOrCopy(
    async () => (await call(API.sale.search, posSearchInput(q))).data,
    async () => {
      const catalogue = await readCatalogue();
      return (await searchCatalogue(q)).map((b) => ({
        product_id: b.product_id,
        name: b.product_name,
        brand: { id: b.brand_id, name: b.brand_name },
        measurement: { id: b.measurement_id, name: b.measurement_name, plural: b.measurement_plural ?? null },
        batch_number: b.batch_number,
        sale_price: b.sale_price,
        balance: b.balance,
        barcode: b.barcode,
        sku: b.sku,
        units: catalogue ? unitsInCopy(catalogue, b) : [],
      }));
    },
  );

/** The search box: results while typing, the previous ones shown until the next arrive. */
export const usePosSearch = (q: string) =>
  useQuery({
    queryKey: queryKeyOf(API.sale.search, posSearchInput(q)),
    queryFn: () => searchPos(q),
    networkMode: 'always',
    enabled: q.trim() !== '',
    placeholderData: (previous) => previous,
    staleTime: 5_000,
  });

/** Enter (a scanner's or the cashier's): the answer for exactly this text, asked now if not yet known. */
export const useFetchPosSearch = () => {
  const client = useQueryClient();
  return (q: string) =>
    client.fetchQuery({
      queryKey: queryKeyOf(API.sale.search, posSearchInput(q)),
      queryFn: () => searchPos(q),
      staleTime: 5_000,
      networkMode: 'always',
    });
};

/**
 * Marks the searches already answered as stale, without asking anything now: a sale kept offline lowered the local
 * copy's balances, which they still show from before. Only the search's answers (the key factory's resource and
 * path), so the cascade's lists are not read from the copy again.
 */
export const useRefreshPosSearch = () => {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: queryKeyOf(API.sale.search).slice(0, -1) });
};

export const useLineBatches = (
  line: { productId: number; brandId: number | null; measurementId: number },
  enabled: boolean,
) => {
  const input = {
    query: { product_id: line.productId, brand_id: brandInPath(line.brandId), measurement_id: line.measurementId },
  };
  return useQuery({
    queryKey: queryKeyOf(API.sale.lineBatches, input),
    queryFn: () =>
      serverOrCopy<LineBatch[]>(
        async () => (await call(API.sale.lineBatches, input)).data,
        () => lineBatchesInCopy(line),
      ),
    enabled,
    networkMode: 'always',
  });
};

/** How long the till waits for the answer to a sale before it says so; the sale stays kept to be sent again. */
export const SALE_ANSWER_TIMEOUT_MS = 20_000;

/** The sale was sent but no readable answer came back: it may or may not be recorded on the server. */
export class NoSaleAnswer extends Error {}

/** Records a sale (the POS's, or one the outbox sends); its key makes a second send answer the first sale. */
export const recordSale = (body: SaleInput) => call(API.sale.store, { body });

async function postSale(body: SaleInput) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new NoSaleAnswer(`The server did not answer within ${SALE_ANSWER_TIMEOUT_MS / 1000} seconds.`)),
      SALE_ANSWER_TIMEOUT_MS,
    );
  });
  try {
    // Read as possibly partial: the client does not check an answer against its schema.
    const answer: Partial<AnswerOf<typeof API.sale.store>> = await Promise.race([recordSale(body), gaveUp]);
    // A reply cut off mid-body parses as nothing: that is no answer, not a sale without a number.
    if (typeof answer.data?.id !== 'number') throw new NoSaleAnswer('The answer from the server was cut off.');
    return answer as AnswerOf<typeof API.sale.store>;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What a sale changes: the sales, the stock it sold from, the reports and dashboard over them, the day's cash-up, and
 * the balance of the customer it put on account.
 */
const SALE_REFRESHES = ['sale', 'stock', 'report', 'dashboard', 'cashUp', 'customer'];

// Not useWrite: the sale is done once its answer is read, so the refresh of what it touches is not awaited — a
// refetch hanging on a poor line must not keep the till spinning on a sale already made.
export const useProcessSale = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postSale,
    onSuccess: (_answer, sale) => {
      void invalidate(client, ...SALE_REFRESHES);
      // The till's local copy follows the sale too, so a connection lost before its next refresh sells from true
      // balances, without fetching the whole copy again after every sale.
      void (async () => {
        for (const item of sale.items) await decrementBalance(item.batchNumber, item.quantity, item.measurementId);
        if (sale.customer_id) await addToCopiedBalance(sale.customer_id, onAccountOf(sale));
      })();
    },
  });
};

/** Tells the server of an offline sale it refused that the cashier discards: the activity log keeps a note. */
export const discardRefusedSale = (body: InputOf<typeof API.sale.offlineDiscard>['body']) =>
  call(API.sale.offlineDiscard, { body });

/** A sale made offline, from its outbox entry (null once it has been sent and left the outbox). */
export const useOfflineReceipt = (key: string) =>
  useQuery({
    queryKey: ['offline-receipt', key],
    queryFn: async () => ((await (await localDb()).get('outbox', key)) as OfflineSale | undefined) ?? null,
    networkMode: 'always',
  });

/** One sale with its lines, payments and returns (the receipt, the invoice and the return screen). */
export const useSale = (id: string | undefined) => useRecord(API.sale.show, id);

/**
 * The shop's details a document prints. The last answer is kept (offline/last-known.ts), so a receipt made with the
 * connection down carries them too. Cached as the call answers it, under the key the factory gives it.
 */
const businessInfoQuery = queryOptions({
  queryKey: queryKeyOf(API.settings.businessShow, {}),
  queryFn: async (): Promise<AnswerOf<typeof API.settings.businessShow>> => ({
    success: true,
    data: await lastKnown('business', async () => (await call(API.settings.businessShow)).data),
  }),
  networkMode: 'always',
});

export const useBusinessInfo = () => useQuery({ ...businessInfoQuery, select: (answer) => answer.data });

/**
 * Asks for the shop's details once the browser is idle, and again each time the connection returns, to keep the last
 * answer for receipts printed offline: the POS shows none of them, so no render of its page waits for them or
 * follows their answer.
 */
export function useBusinessInfoKeptWhenIdle() {
  const client = useQueryClient();
  useEffect(() => {
    const ask = () => void client.prefetchQuery(businessInfoQuery);
    const cancel = whenIdle(ask);
    window.addEventListener('online', ask);
    return () => {
      cancel();
      window.removeEventListener('online', ask);
    };
  }, [client]);
}
