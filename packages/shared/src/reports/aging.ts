// Stock aging: the periods a user may pick and the band a batch's days in stock fall in. The one
// rule the aging report, its export and its screen read; never repeated in SQL.

export const AGING_PERIODS = ['7', '30', '60', '90', '180', '365', 'custom'] as const;
export type AgingPeriod = (typeof AGING_PERIODS)[number];
export const DEFAULT_AGING_PERIOD: AgingPeriod = '30';

const BANDS: [maxDays: number, label: string][] = [
  [7, '0-7 days'],
  [30, '8-30 days'],
  [60, '31-60 days'],
  [90, '61-90 days'],
  [180, '91-180 days'],
  [365, '181-365 days'],
];

export function agingBand(daysInStock: number): string {
  for (const [maxDays, label] of BANDS) if (daysInStock <= maxDays) return label;
  return 'Over 1 year';
}
