import { API } from 'virtual:contract-addresses';
import type { Endpoint, InputOf, option } from '@duka/shared';
import type { z } from 'zod';
import { call } from './client.ts';
import { datedName, downloadFile } from './download.ts';
import { useLookup } from './lists.ts';
import { useCall, useCallWrite } from './queries.ts';

// The catalogue's data (products, categories, measurements, suppliers, brands) beyond the list and form kits: the
// selects' options, the suppliers' countries and the products' barcode labels.

/** A select's option: `{ id, name }`. */
export type SelectOption = z.output<typeof option>;

/** An id-and-name lookup: a GET taking nothing that answers `{ data: [{ id, name }…] }` (API.product.names,
 * API.category.names, API.measurement.names, API.supplier.names, API.brand.names). */
export type OptionsEndpoint = Endpoint & {
  method: 'GET';
  params?: undefined;
  query?: undefined;
  body?: undefined;
  answer: z.ZodType<{ data: readonly SelectOption[] }>;
};

/** A select's options, kept for a minute. */
export const useOptions = (endpoint: OptionsEndpoint) => useLookup(endpoint);

/** Every live product (the brand form's products). */
export const useProductNames = () => useOptions(API.product.names);

/** The countries a supplier may be in (the supplier form's select). */
export const useCountries = () => useLookup(API.supplier.countries);

/** The chosen products, or every product without a barcode. */
export type LabelChoice = InputOf<typeof API.product.barcodeAssign>['body'];

/** Barcode labels: the server first gives each chosen product without a barcode one, then the A4 sheet of their
 * labels downloads as a PDF. Answers the assignment's message. */
export async function printProductLabels(chosen: LabelChoice) {
  const answer = await call(API.product.barcodeAssign, { body: chosen });
  const ids = answer.data.map((p) => p.id).join(',');
  await downloadFile(API.product.labelsPdf, { query: { product_ids: ids } }, datedName('product_labels', 'pdf'));
  return answer;
}

/** A product's base unit and other units (the product screen's Units section). */
export const useProductUnits = (productId: string | undefined) =>
  useCall(API.product.units, { params: { id: Number(productId) } }, { enabled: Boolean(productId) });

/**
 * Declares a product's units. The POS prices units from them and the stock forms offer them: the till's search and
 * the stock screens refresh with the products.
 */
export const useSaveProductUnits = () => useCallWrite(API.product.unitsUpdate, ['product', 'stock', 'sale']);
