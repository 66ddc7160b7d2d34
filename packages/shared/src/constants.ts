export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** PostgreSQL's integer, the type of the records' ids and of the receipt numbers. */
export const MAX_INTEGER = 2_147_483_647;
export const ENVIRONMENTS = ['DEVELOPMENT', 'TEST', 'PRODUCTION'] as const;
export const GENDERS = ['Female', 'Male'] as const;
export const PAYMENT_METHODS = ['CASH', 'MOBILE_MONEY', 'BANK', 'CARD'] as const;
/** What the screens, receipts, files and PDFs show where a brand's name would be for goods without one (sand,
 * ballast): a batch's brand_id is then null. */
export const NO_BRAND = 'No brand';

/** Choosing an encryption in the e-mail settings sets the port. */
export const SMTP_ENCRYPTIONS = [
  { value: 'ENCRYPTION_STARTTLS', label: 'STARTTLS', port: 587 },
  { value: 'ENCRYPTION_TLS', label: 'TLS', port: 587 },
  { value: 'ENCRYPTION_SMTPS', label: 'SMTPS', port: 465 },
  { value: 'ENCRYPTION_NONE', label: 'None', port: 25 },
] as const;

export const SECURITY_DEFAULTS = {
  security_settings_2fa: 'No',
  security_settings_lowercase: 'No',
  security_settings_uppercase: 'No',
  security_settings_numbers: 'No',
  security_settings_symbols: 'No',
  security_settings_length: 8,
  security_settings_expiry: 6,
  dormant_account_expiry: 90,
  security_settings_login_attempt: 5,
  security_settings_history_counts: 5,
  /** Returns of a sale older than this many days are refused. */
  sales_return_days: 30,
} as const;

export const SESSION_CHECK_INTERVAL_MS = 5 * 60_000;
export const SESSION_WARNING_MINUTES = 5;
export const OTP_RESEND_COOLDOWN_S = 60;
export const PASSWORD_RESET_COOLDOWN_S = 60;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** How a path or query string names the brand of goods without one (the POS's cascade and a cart line's batches). */
export const NO_BRAND_PARAM = 'none';

/** A new customer's payment terms, in days, when none is given. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
