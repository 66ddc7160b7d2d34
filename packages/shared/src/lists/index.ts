export * from './declaration.ts';
export * from './stock-lists.ts';
