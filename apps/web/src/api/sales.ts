import { NO_BRAND_PARAM, type SaleInput } from '@duka/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { decrementBalance, searchCatalogue } from '../offline/catalogue.ts';
import {
  batchesInCopy,
  brandsInCopy,
  lineBatchesInCopy,
  measurementsInCopy,
  priceInCopy,
  productsInCopy,
} from '../offline/catalogue-choices.ts';
import { ApiError, api } from './client.ts';
import { toQueryString } from './lists.ts';

// The point of sale's cascade (product → batch → brand → measurement → price) and the sale itself.
export interface Option {
  id: number;
  name: string;
}
/** A unit of measurement with the plural the shop wrote for it, if any (null: the shared rule makes it). */
export type UnitOption = Option & { plural?: string | null };
/** A batch's brand: id null and name NO_BRAND for goods without one. */
export interface BrandOption {
  id: number | null;
  name: string;
}
/** A brand as a path or query string names it. */
const brandInPath = (brandId: number | null) => (brandId === null ? NO_BRAND_PARAM : brandId);
export interface BatchOption {
  batch_number: string;
  balance: number;
}

const data = async <T>(path: string) => (await api<{ data: T }>('GET', path)).data;

/**
 * The server's answer, or `fromCopy`'s (the till's local copy) when the browser is offline or the server
 * cannot be reached: the POS keeps finding and pricing what is on the shelf, at the copy's prices and balances.
 */
async function serverOrCopy<T>(fromServer: () => Promise<T>, fromCopy: () => Promise<T>): Promise<T> {
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
export const useProductsInStock = (search: string) =>
  useQuery({
    queryKey: ['/getproductsinstock', search],
    queryFn: () =>
      serverOrCopy(
        () => data<Option[]>(`/getproductsinstock${toQueryString({ search })}`),
        () => productsInCopy(search),
      ),
    placeholderData: (previous) => previous,
    networkMode: 'always',
  });

export const useBatchesInStock = (productId: number | undefined) =>
  useQuery({
    queryKey: ['/getbatchnumbersbyproductinstock', productId],
    queryFn: () =>
      serverOrCopy(
        () => data<BatchOption[]>(`/getbatchnumbersbyproductinstock/${productId}`),
        () => batchesInCopy(Number(productId)),
      ),
    enabled: Boolean(productId),
    networkMode: 'always',
  });

export const useBrandsOfBatch = (batchNumber: string | undefined) =>
  useQuery({
    queryKey: ['/getbrandsbybatchnumberinstock', batchNumber],
    queryFn: () =>
      serverOrCopy(
        () => data<BrandOption[]>(`/getbrandsbybatchnumberinstock/${batchNumber}`),
        () => brandsInCopy(String(batchNumber)),
      ),
    enabled: Boolean(batchNumber),
    networkMode: 'always',
  });

/** `brandId` undefined: none chosen yet; null: the batch has no brand. */
export const useMeasurementsOfBrand = (brandId: number | null | undefined, batchNumber: string | undefined) =>
  useQuery({
    queryKey: ['/getmeasurementsbybrandinstock', brandId, batchNumber],
    queryFn: () =>
      serverOrCopy(
        () =>
          data<UnitOption[]>(
            `/getmeasurementsbybrandinstock/${brandInPath(brandId ?? null)}${toQueryString({ batchNumber })}`,
          ),
        () => measurementsInCopy(brandId ?? null, String(batchNumber)),
      ),
    enabled: brandId !== undefined && Boolean(batchNumber),
    networkMode: 'always',
  });

export interface PriceQuery {
  productId?: number;
  batchNumber?: string;
  brandId?: number | null;
  measurementId?: number;
}
export const useSalePrice = (q: PriceQuery) =>
  useQuery({
    queryKey: ['/getsalepriceinstock', q],
    queryFn: () =>
      serverOrCopy(
        () =>
          api<{ salePrice: number; balance: number }>(
            'GET',
            `/getsalepriceinstock${toQueryString({ ...q, brandId: brandInPath(q.brandId ?? null) })}`,
          ),
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

/** One sellable line of the POS search: a product, brand and unit from its oldest batch with stock. */
export interface PosHit {
  product_id: number;
  name: string;
  brand: BrandOption;
  measurement: UnitOption;
  batch_number: string;
  sale_price: number;
  balance: number;
  barcode: string | null;
  sku: string | null;
}

export const posSearchPath = (q: string) => `/possearch${toQueryString({ q })}`;
export const posSearchKey = (q: string) => ['/possearch', q] as const;

/** The server's search, or the local copy's when the server cannot be reached (serverOrCopy). */
const searchPos = (q: string): Promise<PosHit[]> =>
  serverOrCopy(
    () => data<PosHit[]>(posSearchPath(q)),
    async () =>
      (await searchCatalogue(q)).map((b) => ({
        product_id: b.product_id,
        name: b.product_name,
        brand: { id: b.brand_id, name: b.brand_name },
        measurement: { id: b.measurement_id, name: b.measurement_name, plural: b.measurement_plural },
        batch_number: b.batch_number,
        sale_price: b.sale_price,
        balance: b.balance,
        barcode: b.barcode,
        sku: b.sku,
      })),
  );

/** The search box: results while typing, the previous ones shown until the next arrive. */
export const usePosSearch = (q: string) =>
  useQuery({
    queryKey: posSearchKey(q),
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
      queryKey: posSearchKey(q),
      queryFn: () => searchPos(q),
      staleTime: 5_000,
      networkMode: 'always',
    });
};

export interface LineBatch {
  batch_number: string;
  sale_price: number;
  balance: number;
  stock_date: string;
}
export const useLineBatches = (
  line: { productId: number; brandId: number | null; measurementId: number },
  enabled: boolean,
) =>
  useQuery({
    queryKey: ['/posbatches', line.productId, line.brandId, line.measurementId],
    queryFn: () =>
      serverOrCopy(
        () =>
          data<LineBatch[]>(
            `/posbatches${toQueryString({ product_id: line.productId, brand_id: brandInPath(line.brandId), measurement_id: line.measurementId })}`,
          ),
        () => lineBatchesInCopy(line),
      ),
    enabled,
    networkMode: 'always',
  });

/** How long the till waits for the answer to a sale before it says so; the sale stays kept to be sent again. */
export const SALE_ANSWER_TIMEOUT_MS = 20_000;

/** The sale was sent but no readable answer came back: it may or may not be recorded on the server. */
export class NoSaleAnswer extends Error {}

async function postSale(body: SaleInput) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new NoSaleAnswer(`The server did not answer within ${SALE_ANSWER_TIMEOUT_MS / 1000} seconds.`)),
      SALE_ANSWER_TIMEOUT_MS,
    );
  });
  try {
    const answer = await Promise.race([
      api<{ message?: string; data?: { id?: unknown } }>('POST', '/salesstore', body),
      gaveUp,
    ]);
    // A reply cut off mid-body parses as nothing: that is no answer, not a sale without a number.
    if (typeof answer.data?.id !== 'number') throw new NoSaleAnswer('The answer from the server was cut off.');
    return answer as { message?: string; data: { id: number } };
  } finally {
    clearTimeout(timer);
  }
}

const SALE_TOUCHES = [
  '/saleslist',
  '/stocklevel',
  '/stocklist',
  '/getproductsinstock',
  '/getbatchnumbersbyproductinstock',
  '/getsalepriceinstock',
  '/possearch',
  '/posbatches',
];

// Not useWrite: the sale is done once its answer is read, so the refresh of the lists it touches is not awaited —
// a refetch hanging on a poor line must not keep the till spinning on a sale already made.
export const useProcessSale = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postSale,
    onSuccess: (_answer, sale) => {
      for (const endpoint of SALE_TOUCHES) void client.invalidateQueries({ queryKey: [endpoint] });
      // The till's local copy follows the sale too, so a connection lost before its next refresh sells from true
      // balances, without fetching the whole copy again after every sale.
      void (async () => {
        for (const item of sale.items) await decrementBalance(item.batchNumber, item.quantity);
      })();
    },
  });
};
