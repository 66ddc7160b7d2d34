export * from './aging.ts';
export * from './discount.ts';
export * from './financial-reports.ts';
export * from './period.schemas.ts';
export * from './rows.ts';
export * from './sales-reports.ts';
export * from './stock-reports.ts';
