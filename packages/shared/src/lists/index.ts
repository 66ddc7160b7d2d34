export * from './activity-lists.ts';
export * from './customer-lists.ts';
export * from './declaration.ts';
export * from './people-lists.ts';
export * from './record-lists.ts';
export * from './sales-lists.ts';
export * from './stock-lists.ts';
export * from './till-lists.ts';
