/**
 * The lists' and reports' links (vite.config.ts, listLinks): a declaration's path, title and List key alone, without
 * its schemas. One line per declaration, or array of them, a link names.
 */
declare module 'virtual:list-links' {
  import type * as shared from '@duka/shared';

  type Link<Declaration extends shared.ListDeclaration> = Pick<Declaration, 'path' | 'title'> & {
    keys: Pick<Declaration['keys'], 'list'>;
  };
  type Links<Declarations extends readonly shared.ListDeclaration[]> = {
    readonly [I in keyof Declarations]: Link<Declarations[I]>;
  };
  export type ListLink = Link<shared.ListDeclaration>;

  export const awaitingDeliveryReport: Link<typeof shared.awaitingDeliveryReport>;
  export const payablesReport: Link<typeof shared.payablesReport>;
  export const receivablesReport: Link<typeof shared.receivablesReport>;
  export const FINANCIAL_REPORTS: Links<typeof shared.FINANCIAL_REPORTS>;
  export const SALES_REPORTS: Links<typeof shared.SALES_REPORTS>;
  export const STOCK_REPORTS: Links<typeof shared.STOCK_REPORTS>;
}
