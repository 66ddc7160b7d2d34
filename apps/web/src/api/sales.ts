import type { SaleInput } from '@duka/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { toQueryString, useWrite } from './lists.ts';

// The point of sale's cascade (product → batch → brand → measurement → price) and the sale itself.
export interface Option {
  id: number;
  name: string;
}
export interface BatchOption {
  id: number;
  batch_number: string;
  balance: number;
}

const data = async <T>(path: string) => (await api<{ data: T }>('GET', path)).data;

export const useProductsInStock = (search: string) =>
  useQuery({
    queryKey: ['/getproductsinstock', search],
    queryFn: () => data<Option[]>(`/getproductsinstock${toQueryString({ search })}`),
    placeholderData: (previous) => previous,
  });

export const useBatchesInStock = (productId: number | undefined) =>
  useQuery({
    queryKey: ['/getbatchnumbersbyproductinstock', productId],
    queryFn: () => data<BatchOption[]>(`/getbatchnumbersbyproductinstock/${productId}`),
    enabled: Boolean(productId),
  });

export const useBrandsOfBatch = (batchNumber: string | undefined) =>
  useQuery({
    queryKey: ['/getbrandsbybatchnumberinstock', batchNumber],
    queryFn: () => data<Option[]>(`/getbrandsbybatchnumberinstock/${batchNumber}`),
    enabled: Boolean(batchNumber),
  });

export const useMeasurementsOfBrand = (brandId: number | undefined, batchNumber: string | undefined) =>
  useQuery({
    queryKey: ['/getmeasurementsbybrandinstock', brandId, batchNumber],
    queryFn: () => data<Option[]>(`/getmeasurementsbybrandinstock/${brandId}${toQueryString({ batchNumber })}`),
    enabled: Boolean(brandId && batchNumber),
  });

export interface PriceQuery {
  productId?: number;
  batchNumber?: string;
  brandId?: number;
  measurementId?: number;
}
export const useSalePrice = (q: PriceQuery) =>
  useQuery({
    queryKey: ['/getsalepriceinstock', q],
    queryFn: () => api<{ salePrice: number; balance: number }>('GET', `/getsalepriceinstock${toQueryString({ ...q })}`),
    enabled: Boolean(q.productId && q.batchNumber && q.brandId && q.measurementId),
    retry: false,
  });

export const useProcessSale = () =>
  useWrite(
    (body: SaleInput) => api<{ message: string; data: { id: number } }>('POST', '/salesstore', body),
    [
      '/saleslist',
      '/stocklevel',
      '/stocklist',
      '/getproductsinstock',
      '/getbatchnumbersbyproductinstock',
      '/getsalepriceinstock',
    ],
  );
