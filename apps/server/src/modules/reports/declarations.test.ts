// The report declarations hold together: their keys are in the permission catalogue, their paths are unique, and
// every column reads a field its row declares.
import {
  consolidatedSalesReport,
  dailySalesReport,
  FINANCIAL_REPORTS,
  filterNames,
  type ListDeclaration,
  monthlySalesReport,
  PERMISSION_KEYS,
  stockAgingReport,
  stockBalanceReport,
  stockLowAlertReport,
  stockReport,
  weeklySalesReport,
} from '@duka/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const REPORTS: ListDeclaration[] = [
  dailySalesReport,
  weeklySalesReport,
  monthlySalesReport,
  consolidatedSalesReport,
  stockReport,
  stockBalanceReport,
  stockLowAlertReport,
  stockAgingReport,
  ...FINANCIAL_REPORTS,
];

/** The schema at a dotted path of an object schema, through nullable wrappers; undefined when absent. */
function fieldSchema(schema: z.ZodType, path: string): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const step of path.split('.')) {
    while (current instanceof z.ZodNullable || current instanceof z.ZodOptional)
      current = current.unwrap() as z.ZodType;
    if (!(current instanceof z.ZodObject)) return undefined;
    current = (current.shape as Record<string, z.ZodType>)[step];
  }
  return current;
}

describe('report declarations', () => {
  it('name keys of the permission catalogue', () => {
    for (const report of REPORTS) {
      for (const key of Object.values(report.keys))
        expect(PERMISSION_KEYS.has(key), `${report.path}: ${key}`).toBe(true);
    }
  });

  it('have unique paths and a filter key exactly when they have filters', () => {
    const paths = REPORTS.flatMap((r) => [r.path, r.exports?.xlsx, r.exports?.csv]);
    expect(new Set(paths).size).toBe(paths.length);
    for (const report of REPORTS) expect(Boolean(report.keys.filter), report.path).toBe(filterNames(report).length > 0);
  });

  it('read only fields their rows declare, and total one of their extras', () => {
    for (const report of REPORTS) {
      for (const column of report.columns) {
        expect(fieldSchema(report.row, column.field), `${report.path}: ${column.field}`).toBeDefined();
      }
      expect(Object.keys(report.extras ?? {})).toContain(report.total?.field);
    }
    expect(fieldSchema(stockReport.row, 'product.nope')).toBeUndefined();
  });
});
