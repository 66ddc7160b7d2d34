import type { ColumnType, Generated } from 'kysely';

// The database as Kysely sees it. Money columns are integers (whole shillings); timestamps are timestamptz.
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface RolesTable {
  id: Generated<number>;
  name: string;
  environment: string;
  is_admin: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  deleted_at: NullableTimestamp;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_key: string;
}

export interface UsersTable {
  id: Generated<number>;
  user_number: string;
  name: string;
  gender: string;
  nin: string;
  phone_number: string;
  email: string;
  password_hash: string;
  role_id: number;
  environment: string;
  is_locked: Generated<boolean>;
  /** The account's failed sign-ins since failures_since (any address). */
  failed_attempts: Generated<number>;
  /** The last lockout of an address from this account (sign_in_addresses): the users list shows it as locked. */
  locked_until: NullableTimestamp;
  failures_since: NullableTimestamp;
  /** While the account is over its failures, addresses it never signed in from may try one at a time. */
  slowed_until: NullableTimestamp;
  must_change_password: Generated<boolean>;
  password_changed_at: Timestamp;
  temp_password_hash: string | null;
  temp_password_expires_at: NullableTimestamp;
  last_login_at: NullableTimestamp;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface PasswordHistoryTable {
  id: Generated<number>;
  user_id: number;
  password_hash: string;
  created_at: CreatedAt;
}

/** Per account and client address: failed sign-ins, the address's lockout, and whether the account signed in from it. */
export interface SignInAddressesTable {
  user_id: number;
  address: string;
  failures: Generated<number>;
  last_failed_at: NullableTimestamp;
  locked_until: NullableTimestamp;
  last_signed_in_at: NullableTimestamp;
}

/** The rate limits' windows: a route and client address, its hits and when its window ends. */
export interface RequestCountsTable {
  key: string;
  hits: number;
  window_ends_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface OtpsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  sign_in_started_at: Timestamp;
  verified_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<Record<string, unknown>, string, string>;
  updated_at: Generated<Date>;
}

export interface AuditLogsTable {
  id: Generated<number>;
  type: string;
  activity: string;
  details: string;
  browser: string;
  platform: string;
  ip: string;
  user_id: number | null;
  created_at: CreatedAt;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  status: Generated<'pending' | 'sent' | 'undeliverable' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: NullableTimestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  environment: string;
  created_by: number | null;
  created_at: CreatedAt;
  deleted_at: NullableTimestamp;
}

export interface AppFilesTable {
  id: Generated<number>;
  purpose: string;
  content_type: string;
  bytes: Buffer;
  sha256: string;
  created_at: CreatedAt;
}

interface CatalogueRecord {
  id: Generated<number>;
  name: string;
  environment: string;
  created_by: number | null;
  created_at: CreatedAt;
  deleted_at: NullableTimestamp;
}

export interface MeasurementsTable extends CatalogueRecord {
  /** Null: made from the name by the shared unitLabel rule. */
  plural: string | null;
}
export interface ProductsTable extends CatalogueRecord {
  category_id: number;
  barcode: string | null;
  sku: string | null;
  /** The unit stock is counted in; null while the product declares no units (migration 035). */
  base_measurement_id: Generated<number | null>;
}
/** A word of three or more letters found in a product or brand name, kept by triggers (migration 026). */
export interface SearchWordsTable {
  word: string;
}
/** Each product's name words, kept by a trigger from its name (migrations 041 and 049). */
export interface ProductWordsTable {
  word: string;
  /** Whether the name (lower-cased) starts with the word. */
  first: boolean;
  /** The name's length. */
  fit: number;
  product_id: number;
  /** The product's name, for reading a word's products in name order. */
  name: string;
}
/** The live batches received per stock date and supplier, kept by triggers on stock_batches (migration 050). */
export interface SupplierReceivedDaysTable {
  stock_date: string;
  supplier_id: number;
  batches: number;
  cost: number;
}
/** A unit of a product other than its base: how many base units it holds (migration 035). */
export interface ProductUnitsTable {
  id: Generated<number>;
  product_id: number;
  measurement_id: number;
  factor: number;
  bulk_discount_percent: Generated<number>;
}
export interface BrandsTable extends CatalogueRecord {
  product_id: number;
}
export interface SuppliersTable extends CatalogueRecord {
  supplier_number: string;
  phone_number: string;
  email: string;
  tin: string;
  country: string;
  address: string;
}

/** Quantities are numeric(14,3), read as JS numbers (see connection.ts). */
export interface StockBatchesTable {
  id: Generated<number>;
  batch_number: string;
  product_id: number;
  /** Null: goods without a brand (shown as NO_BRAND). */
  brand_id: number | null;
  measurement_id: number;
  supplier_id: number;
  quantity: number;
  unit_price: number;
  total_cost: number;
  sale_price: number;
  min_stock_level: number;
  quantity_sold: Generated<number>;
  quantity_adjusted: Generated<number>;
  balance: number;
  /** What was received when it came in another unit than the base (2 Tonne for 40 Bag); null: in the base. */
  received_measurement_id: Generated<number | null>;
  received_quantity: Generated<number | null>;
  stock_date: ColumnType<string, string, string>;
  environment: string;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface StockAdjustmentsTable {
  id: Generated<number>;
  batch_id: number;
  reason: string;
  /** Base units. */
  quantity: number;
  unit_cost: number;
  /** The quantity as entered, in its unit; null: entered in the base unit. */
  entered_measurement_id: Generated<number | null>;
  entered_quantity: Generated<number | null>;
  note: string;
  adjustment_date: ColumnType<string, string, string>;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface SalesTable {
  id: Generated<number>;
  sale_number: string;
  idempotency_key: string;
  /** Hash of the validated request and its user; null on sales made before keys were bound to their cart. */
  request_hash: string | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  customer_address: string | null;
  discount_percent: number;
  subtotal: number;
  discount_amount: number;
  total_amount: number;
  /** The VAT rate in force when the sale was made (0 when not VAT-registered) and the VAT inside its total. */
  vat_rate: Generated<number>;
  vat_amount: Generated<number>;
  payment_method: string;
  notice: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  /** Per shop, 1, 2, 3… without gaps: the highest so far plus one (platform/counters.ts, stampReceiptNumber). */
  receipt_number: number | null;
  /** Cash handed back: what was paid over the total. */
  change_given: Generated<number>;
  /** The customer whose account the sale is on (migration 034); null on a walk-in sale. */
  customer_id: number | null;
  /** What the sale put on the customer's account, and what of it is still unpaid. */
  on_account: Generated<number>;
  account_due: Generated<number>;
  /** The customer's balance right after the sale, as its receipt shows it. */
  customer_balance_after: number | null;
  /** The goods wait in the yard, collected later against delivery notes (migration 038). */
  deliver_later: Generated<boolean>;
  /** What the sale's returns refunded so far (migration 047): each return adds its refund. */
  returned_amount: Generated<number>;
}

/** The debt book (migration 034). */
export interface CustomersTable {
  id: Generated<number>;
  customer_number: string;
  name: string;
  phone_number: string;
  email: string | null;
  address: string | null;
  tin: string | null;
  credit_limit: Generated<number>;
  payment_terms_days: Generated<number>;
  notes: string | null;
  /** What the customer owes; negative: an advance the shop holds. */
  balance: Generated<number>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

/** A payment to a customer's account (amount > 0), or the reversal of one (amount < 0, reverses_id, reason). */
export interface CustomerPaymentsTable {
  id: Generated<number>;
  payment_number: string;
  customer_id: number;
  amount: number;
  method: string;
  reference: string | null;
  payment_date: ColumnType<string, string, string>;
  reverses_id: number | null;
  reason: string | null;
  /** What of the payment settled no sale yet: the customer's advance. */
  unapplied: Generated<number>;
  created_by: number | null;
  created_at: CreatedAt;
}

/** Which payment settled how much of which sale on account. */
export interface CustomerPaymentAllocationsTable {
  id: Generated<number>;
  payment_id: number;
  sale_id: number;
  amount: number;
}

export interface CashUpCustomerPaymentsTable {
  payment_id: number;
  cash_up_id: number;
}

/** Cash paid to suppliers out of the till, each counted by one cash-up (migration 037). */
export interface CashUpSupplierPaymentsTable {
  payment_id: number;
  cash_up_id: number;
}

/** A purchase order to a supplier (migration 036). */
export interface PurchaseOrdersTable {
  id: Generated<number>;
  po_number: string;
  supplier_id: number;
  status: Generated<'OPEN' | 'PARTLY_RECEIVED' | 'RECEIVED' | 'CANCELLED'>;
  expected_date: ColumnType<string | null, string | null | undefined, string | null>;
  notes: string | null;
  cancel_reason: Generated<string | null>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  cancelled_at: NullableTimestamp;
}

/** One line of a purchase order: quantity, unit cost and what came in, all in the unit ordered. */
export interface PurchaseOrderLinesTable {
  id: Generated<number>;
  purchase_order_id: number;
  product_id: number;
  /** Null: goods without a brand. */
  brand_id: number | null;
  measurement_id: number;
  /** Base units in one unit ordered, as when ordered. */
  factor: number;
  quantity: number;
  unit_cost: number;
  received_quantity: Generated<number>;
}

/** Goods received (migration 037): on credit, a supplier bill for goods_value; amount_due is what is unpaid. */
export interface GoodsReceiptsTable {
  id: Generated<number>;
  grn_number: string;
  supplier_id: number;
  purchase_order_id: number | null;
  received_date: ColumnType<string, string, string>;
  supplier_invoice_number: string | null;
  goods_value: number;
  landed_costs: number;
  landed_costs_method: string | null;
  payment: 'CREDIT' | 'PAID';
  payment_method: string | null;
  payment_reference: string | null;
  amount_due: number;
  created_by: number | null;
  created_at: CreatedAt;
}

/** One line of goods received, in the unit received, and the batch it became. */
export interface GoodsReceiptLinesTable {
  id: Generated<number>;
  goods_receipt_id: number;
  purchase_order_line_id: number | null;
  product_id: number;
  brand_id: number | null;
  measurement_id: number;
  factor: number;
  quantity: number;
  unit_cost: number;
  sale_price: number;
  line_value: number;
  landed_cost: number;
  stock_batch_id: number;
}

/** A quotation (migration 038): EXPIRED is computed from valid_until, never stored. */
export interface QuotationsTable {
  id: Generated<number>;
  quotation_number: string;
  customer_id: number | null;
  customer_name: string;
  customer_phone: string;
  valid_until: ColumnType<string, string, string>;
  notes: string | null;
  discount_percent: number;
  status: Generated<'OPEN' | 'CONVERTED' | 'CANCELLED'>;
  sale_id: number | null;
  cancel_reason: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** One quoted line, in the unit quoted. */
export interface QuotationLinesTable {
  id: Generated<number>;
  quotation_id: number;
  product_id: number;
  brand_id: number | null;
  measurement_id: number;
  factor: number;
  quantity: number;
  unit_price: number;
}

/** One trip of goods collected from the yard. */
export interface DeliveryNotesTable {
  id: Generated<number>;
  delivery_number: string;
  sale_id: number;
  vehicle: string | null;
  driver: string | null;
  received_by: string | null;
  created_by: number | null;
  created_at: CreatedAt;
}

/** What left on a trip of one sale line, in the unit sold. */
export interface DeliveryNoteLinesTable {
  id: Generated<number>;
  delivery_note_id: number;
  sale_item_id: number;
  quantity: number;
}

/** A payment to a supplier (amount > 0) or the reversal of one (amount < 0, reverses_id and reason set). */
export interface SupplierPaymentsTable {
  id: Generated<number>;
  payment_number: string;
  supplier_id: number;
  amount: number;
  method: string;
  reference: string | null;
  payment_date: ColumnType<string, string, string>;
  from_till: Generated<boolean>;
  reverses_id: number | null;
  reason: string | null;
  created_by: number | null;
  created_at: CreatedAt;
}

/** What a payment settled of a bill; a reversal's rows are negative. */
export interface SupplierPaymentAllocationsTable {
  id: Generated<number>;
  payment_id: number;
  goods_receipt_id: number;
  amount: number;
}

/** The till (migration 012): payments, returns and cash-ups. */
export interface ShopCountersTable {
  name: string;
  value: number;
}
export interface SalePaymentsTable {
  id: Generated<number>;
  sale_id: number;
  method: string;
  amount: number;
  reference: string | null;
}
export interface SaleReturnsTable {
  id: Generated<number>;
  return_number: number;
  sale_id: number;
  reason: string;
  refund_method: string;
  refund_reference: string | null;
  /** The return's value, as the reports count it: credited_amount of it went off the customer's account, the rest
   * was refunded by refund_method. */
  refund_amount: number;
  credited_amount: Generated<number>;
  cost_amount: number;
  vat_amount: Generated<number>;
  created_by: number | null;
  created_at: CreatedAt;
}
export interface SaleReturnItemsTable {
  id: Generated<number>;
  return_id: number;
  sale_item_id: number;
  batch_id: number;
  /** Base units back into the batch. */
  quantity: number;
  /** In the unit the line was sold in; null: sold in the base unit (then equal to quantity). */
  sold_quantity: Generated<number | null>;
  refund_amount: number;
  unit_cost: number;
}
export interface CashUpsTable {
  id: Generated<number>;
  user_id: number;
  day: ColumnType<string, string, string>;
  opened_at: Date;
  closed_at: Date;
  opening_float: number;
  cash_taken: number;
  change_given: number;
  cash_refunds: number;
  expected_cash: number;
  counted_cash: number;
  difference: number;
  by_method: ColumnType<unknown, string, string>;
  /** The highest id of the cashier's sales and returns when it was saved (migration 016); null on older cash-ups. */
  last_sale_id: number | null;
  last_return_id: number | null;
  /** The highest id of the cashier's account payments when it was saved (migration 034). */
  last_payment_id: number | null;
  /** The highest id of the cashier's payments to suppliers out of the till, and the cash they took out (migration
   * 037). */
  last_supplier_payment_id: number | null;
  cash_paid_out: Generated<number>;
  note: string | null;
  /** A recount's first cash-up, and why the drawer was counted again (migration 028); null on a first count. */
  recount_of: number | null;
  reason: string | null;
  created_by: number | null;
  created_at: CreatedAt;
}

/** The sales and returns each saved cash-up counted (migration 023): each in one cash-up at most. */
export interface CashUpSalesTable {
  sale_id: number;
  cash_up_id: number;
}

export interface CashUpReturnsTable {
  return_id: number;
  cash_up_id: number;
}

/** Offline sales' shortfalls (migration 014): open until a manager resolves them. */
export interface StockDiscrepanciesTable {
  id: Generated<number>;
  product_id: number;
  batch_id: number;
  quantity: number;
  /** What came back of the shortfall by returns (migration 027); RETURNED once it all has. */
  returned_quantity: Generated<number>;
  sale_id: number;
  created_at: CreatedAt;
  resolved_at: NullableTimestamp;
  resolved_by: number | null;
  resolution_kind: 'WRITE_OFF' | 'STOCK_RECEIVED' | 'RETURNED' | null;
  resolution_note: string | null;
  stock_adjustment_id: number | null;
}

/** A batch's sale prices over time (migration 015): an offline sale is charged the one in force when it was made. */
export interface BatchSalePricesTable {
  batch_id: number;
  sale_price: number;
  valid_from: Timestamp;
}

/** The VAT rate charged over time (migration 015): the business's rate while VAT-registered, else 0. */
export interface VatRatesTable {
  valid_from: Timestamp;
  vat_rate: number;
}

export interface SaleItemsTable {
  id: Generated<number>;
  sale_id: number;
  batch_id: number;
  product_id: number;
  brand_id: number | null;
  /** The batch's (base) unit and the base units it gave (migration 035). */
  measurement_id: number;
  quantity: number;
  /** Per sold unit: total_price = round(sold_quantity × unit_price). */
  unit_price: number;
  /** Per base unit. */
  unit_cost: number;
  total_price: number;
  /** The unit and quantity the customer bought, factor base units each; null: sold in the base unit. */
  sold_measurement_id: Generated<number | null>;
  sold_quantity: Generated<number | null>;
  factor: Generated<number>;
  /** The line's share of the sale's discount amount (migration 007); the lines' shares add up to the sale's. */
  discount_amount: Generated<number>;
  /** Its sale's instant, kept equal to it by the database (migration 020); never written by the app. */
  created_at: ColumnType<Date, never, never>;
  /** Its sale's deliver_later, and what left the yard in the unit sold (migration 038). */
  deliver_later: Generated<boolean>;
  delivered_quantity: Generated<number>;
}

/** Money per 15-minute slot of sales and returns, recomputed by the database at each commit (migration 020). */
export interface SaleTotalsTable {
  slot: ColumnType<Date, never, never>;
  sales_count: number;
  gross: number;
  discounts: number;
  sold: number;
  sold_vat: number;
  sold_cost: number;
  refunds: number;
  refund_vat: number;
  refund_cost: number;
  cash: number;
  mobile_money: number;
  bank: number;
  card: number;
}

/** Sale lines summed per UTC month, product and unit, kept by the database (migration 021). */
export interface SaleProductMonthsTable {
  month: ColumnType<string, never, never>;
  product_id: number;
  measurement_id: number;
  quantity: number;
}

/** One row: changes whenever a sale line dated in an ended UTC month changes (migration 046). */
export interface ClosedMonthsVersionTable {
  one: ColumnType<boolean, never, never>;
  version: string;
}

/** Sale lines summed per UTC day and their batch's supplier, kept by the database (migration 021). */
export interface SaleSupplierDaysTable {
  day: ColumnType<string, never, never>;
  supplier_id: number;
  quantity: number;
  revenue: number;
  cost: number;
}

/** Money the shop spent outside stock; soft-deleted into the trash. */
export interface ExpensesTable {
  id: Generated<number>;
  expense_date: ColumnType<string, string, string>;
  category: string;
  description: string;
  amount: number;
  payment_method: string;
  reference: string | null;
  supplier_id: number | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface DB {
  expenses: ExpensesTable;
  sales: SalesTable;
  sale_items: SaleItemsTable;
  /** A view since migration 051: each slot's kept and pending rows summed. */
  sale_totals: SaleTotalsTable;
  /** A view: each slot's kept and pending rows, not summed (several rows may share a slot). */
  sale_totals_rows: SaleTotalsTable;
  sale_product_months: SaleProductMonthsTable;
  sale_supplier_days: SaleSupplierDaysTable;
  closed_months_version: ClosedMonthsVersionTable;
  shop_counters: ShopCountersTable;
  sale_payments: SalePaymentsTable;
  sale_returns: SaleReturnsTable;
  sale_return_items: SaleReturnItemsTable;
  cash_ups: CashUpsTable;
  cash_up_sales: CashUpSalesTable;
  cash_up_returns: CashUpReturnsTable;
  cash_up_customer_payments: CashUpCustomerPaymentsTable;
  customers: CustomersTable;
  customer_payments: CustomerPaymentsTable;
  customer_payment_allocations: CustomerPaymentAllocationsTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  goods_receipts: GoodsReceiptsTable;
  quotations: QuotationsTable;
  quotation_lines: QuotationLinesTable;
  delivery_notes: DeliveryNotesTable;
  delivery_note_lines: DeliveryNoteLinesTable;
  goods_receipt_lines: GoodsReceiptLinesTable;
  supplier_payments: SupplierPaymentsTable;
  supplier_payment_allocations: SupplierPaymentAllocationsTable;
  cash_up_supplier_payments: CashUpSupplierPaymentsTable;
  product_units: ProductUnitsTable;
  measurements: MeasurementsTable;
  products: ProductsTable;
  product_words: ProductWordsTable;
  search_words: SearchWordsTable;
  supplier_received_days: SupplierReceivedDaysTable;
  brands: BrandsTable;
  suppliers: SuppliersTable;
  stock_batches: StockBatchesTable;
  stock_adjustments: StockAdjustmentsTable;
  stock_discrepancies: StockDiscrepanciesTable;
  batch_sale_prices: BatchSalePricesTable;
  vat_rates: VatRatesTable;
  categories: CategoriesTable;
  app_files: AppFilesTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  password_history: PasswordHistoryTable;
  sessions: SessionsTable;
  sign_in_addresses: SignInAddressesTable;
  request_counts: RequestCountsTable;
  otps: OtpsTable;
  settings: SettingsTable;
  audit_logs: AuditLogsTable;
  outbox: OutboxTable;
}
