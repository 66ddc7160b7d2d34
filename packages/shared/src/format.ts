// Display helpers shared by screens and exports.
const DEFAULT_ZONE = 'Africa/Kampala';

/** YYYY-MM-DD of an instant, in the shop's time zone. */
export function formatDay(value: string | Date | null | undefined, timeZone = DEFAULT_ZONE): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'N/A';
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** Whole shillings with thousands separators: 1,250,000. */
export const formatMoney = (amount: number | null | undefined) =>
  (amount ?? 0).toLocaleString('en-US', { maximumFractionDigits: 0 });

/** Quantities have up to 3 decimals (sand by the tonne), shown with thousands separators: 1,250.5. */
export const formatQuantity = (quantity: number | null | undefined) =>
  (quantity ?? 0).toLocaleString('en-US', { maximumFractionDigits: 3 });

/** Counts padded to two digits, as the role list shows users: 03. */
export const padCount = (n: number) => String(n).padStart(2, '0');
