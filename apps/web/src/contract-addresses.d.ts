/**
 * The contracts' addresses (vite.config.ts, contractAddresses), typed as the contracts they come from so that a call
 * infers its input and answer alike. At run time they hold each endpoint's method, path, access, resource and status
 * (and a file answer's type), never a schema: validate with the schemas themselves.
 */
declare module 'virtual:contract-addresses' {
  export { authEndpoints, dashboardEndpoints, pathOf, queryStringOf, settingsEndpoints } from '@duka/shared';
}

/**
 * Every contract's address, and a list's or report's screen (its declaration's title, path and keys alone). On the web,
 * `API` imported from the shared package is this one (vite.config.ts, contractsAsAddresses).
 */
declare module 'virtual:api-addresses' {
  import type { ListDeclaration } from '@duka/shared';

  export { API } from '@duka/shared';

  /** A list's or report's screen: what a link or a menu entry needs of its declaration. */
  export type ListScreen = Pick<ListDeclaration, 'title' | 'path' | 'keys'>;
  export const awaitingDeliveryReport: ListScreen;
  export const payablesReport: ListScreen;
  export const receivablesReport: ListScreen;
  export const FINANCIAL_REPORTS: readonly ListScreen[];
  export const SALES_REPORTS: readonly ListScreen[];
  export const STOCK_REPORTS: readonly ListScreen[];
}
