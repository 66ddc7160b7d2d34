// Display helpers shared by screens and exports.
// The zone used when a caller passes none. The server always passes its configured zone; the web learns the shop's
// zone from /loggedinuser and sets it here once, so every screen formats days as the shop's calendar has them.
let defaultZone = 'Africa/Kampala';
export const setShopTimeZone = (timeZone: string) => {
  defaultZone = timeZone;
};
export const shopTimeZone = () => defaultZone;

// Each formatter is built once and reused. Building one per call (a new Intl.DateTimeFormat, or toLocaleString with
// options) is slow, and its ICU memory lives outside the JavaScript heap where the collector hardly notices it: one
// per row of a sales export grew the server by over a gigabyte that it never gave back.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}
// Built on first use, not at import: every page of the web app imports this module, and building them was a
// measurable part of its start on a slow phone (bench/measurements.md, formatters).
let moneyFormat: Intl.NumberFormat | undefined;
let quantityFormat: Intl.NumberFormat | undefined;

// Every zone's offset from UTC has been a whole number of quarter hours since 1980, so the instants of one quarter
// hour fall on one day: the last quarter's day is kept per zone, and the rows of an export in time order (a sales
// export: several sales a quarter hour) mostly skip the formatter, a measurable part of a long export's CPU
// (bench/measurements.md, formatters).
const QUARTER_HOUR_MS = 15 * 60_000;
const QUARTERS_FROM = Date.UTC(1980, 0, 1);
const lastQuarter = new Map<string, { quarter: number; day: string }>();

/** YYYY-MM-DD of an instant, in the shop's time zone. */
export function formatDay(value: string | Date | null | undefined, timeZone = defaultZone): string {
  if (!value) return 'N/A';
  const time = (typeof value === 'string' ? new Date(value) : value).getTime();
  if (Number.isNaN(time)) return 'N/A';
  if (time < QUARTERS_FROM) return dayFormat(timeZone).format(time);
  const quarter = Math.floor(time / QUARTER_HOUR_MS);
  const last = lastQuarter.get(timeZone);
  if (last?.quarter === quarter) return last.day;
  const day = dayFormat(timeZone).format(time);
  lastQuarter.set(timeZone, { quarter, day });
  return day;
}

/** Whole shillings with thousands separators: 1,250,000. */
export const formatMoney = (amount: number | null | undefined) => {
  moneyFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return moneyFormat.format(amount ?? 0);
};

/** Quantities have up to 3 decimals (sand by the tonne), shown with thousands separators: 1,250.5. */
export const formatQuantity = (quantity: number | null | undefined) => {
  quantityFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
  return quantityFormat.format(quantity ?? 0);
};

/** Counts padded to two digits, as the role list shows users: 03. */
export const padCount = (n: number) => String(n).padStart(2, '0');
