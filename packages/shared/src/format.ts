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

// Money and quantities are written out here rather than by Intl.NumberFormat: a page's first number formatter loads
// the browser's number data, a task of some 100-230 ms on a 4x-slowed CPU that every signed-in screen paid before it
// showed (bench/measurements.md, number formatting). The result is Intl's en-US one to the character (a test compares
// them): the number's shortest decimal text rounded half away from zero, a minus for any negative (-0 too), commas
// between thousands.

/** Above this a number's text is in exponent form (1e+21): left to Intl, which no shop's figure reaches. */
const PLAIN_TEXT_LIMIT = 1e21;

/** Commas between a whole number's thousands: 1250000 → 1,250,000. */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** `value` with at most `places` decimals (no trailing zeros) and thousands separated, as en-US Intl writes it. */
function formatDecimal(value: number, places: number): string {
  const size = Math.abs(value);
  if (!(size < PLAIN_TEXT_LIMIT)) return value.toLocaleString('en-US', { maximumFractionDigits: places });
  // Below 1e-6 the text has an exponent (1e-7): such a number rounds to 0 at any of the places used here.
  const text = size < 1e-6 ? '0' : String(size);
  const [whole = '0', decimals = ''] = text.split('.');
  let digits = whole + decimals.slice(0, places).padEnd(places, '0');
  if ((decimals[places] ?? '0') >= '5') digits = String(BigInt(digits) + 1n).padStart(digits.length, '0');
  const cut = digits.length - places;
  const fraction = digits.slice(cut).replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupThousands(digits.slice(0, cut) || '0')}${fraction && `.${fraction}`}`;
}

/** Whole shillings with thousands separators: 1,250,000. */
export const formatMoney = (amount: number | null | undefined) => formatDecimal(amount ?? 0, 0);

/** Quantities have up to 3 decimals (sand by the tonne), shown with thousands separators: 1,250.5. */
export const formatQuantity = (quantity: number | null | undefined) => formatDecimal(quantity ?? 0, 3);

/** What an invoice's number starts with; the sales list's search takes it with or without its dash. */
export const INVOICE_PREFIX = 'INV';
/** An invoice's own number: its sale's receipt number (sequential, no gaps) under the invoice prefix, INV-001234. */
export const invoiceNumber = (receipt: number) => `${INVOICE_PREFIX}-${String(receipt).padStart(6, '0')}`;

/** Counts padded to two digits, as the role list shows users: 03. */
export const padCount = (n: number) => String(n).padStart(2, '0');

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** HH:MM of an instant in the shop's time zone, as a receipt prints it. */
export function formatTime(value: string | Date, timeZone = shopTimeZone()): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false });
    timeFormats.set(timeZone, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * A phone number in the local form the shop keeps: spaces and dashes dropped, the country code +256 or 256 replaced
 * by 0 ("+256 772 123 456" is 0772123456). Anything else is left for PHONE_PATTERN to judge.
 */
export const normalisePhone = (value: string) => {
  const compact = value.replace(/[\s-]/g, '');
  const international = /^\+?256(\d{9})$/.exec(compact);
  return international ? `0${international[1]}` : compact;
};
