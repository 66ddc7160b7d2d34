import type { Migration } from 'kysely';
import * as foundation from './001_foundation.ts';
import * as accounts from './002_accounts.ts';
import * as catalogueStock from './003_catalogue_stock.ts';
import * as sales from './004_sales.ts';
import * as otpSignIn from './005_otp_sign_in.ts';
import * as saleKeyBinding from './006_sale_key_binding.ts';
import * as saleLineDiscounts from './007_sale_line_discounts.ts';
import * as expenses from './008_expenses.ts';
import * as saleVat from './009_sale_vat.ts';
import * as productCodes from './010_product_codes.ts';
import * as performanceIndexes from './011_performance_indexes.ts';
import * as till from './012_till.ts';
import * as stockDiscrepancies from './014_stock_discrepancies.ts';
import * as priceHistory from './015_price_history.ts';
import * as cashUpCutOff from './016_cash_up_cut_off.ts';
import * as productLabelNumbers from './018_product_label_numbers.ts';
import * as stockSearchIndexes from './019_stock_search_indexes.ts';
import * as saleTotals from './020_sale_totals.ts';
import * as saleLineRollups from './021_sale_line_rollups.ts';
import * as nameJsonLate from './022_name_json_late.ts';
import * as cashUpCounted from './023_cash_up_counted.ts';
import * as stockValueIndex from './024_stock_value_index.ts';
import * as saleTotalsAdded from './025_sale_totals_added.ts';
import * as searchWords from './026_search_words.ts';
import * as offlineSaleBounds from './027_offline_sale_bounds.ts';
import * as cashUpRecounts from './028_cash_up_recounts.ts';
import * as measurementPlural from './031_measurement_plural.ts';
import * as signInAddresses from './032_sign_in_addresses.ts';
import * as unbrandedBatches from './033_unbranded_batches.ts';
import * as customers from './034_customers.ts';
import * as productUnits from './035_product_units.ts';
import * as purchaseOrders from './036_purchase_orders.ts';
import * as goodsReceived from './037_goods_received.ts';
import * as quotationsDeliveries from './038_quotations_deliveries.ts';
import * as stockReportOrder from './039_stock_report_order.ts';
import * as listPaging from './040_list_paging.ts';
import * as productWords from './041_product_words.ts';
import * as accountPeriodIndexes from './042_account_period_indexes.ts';
import * as supplierStockValues from './043_supplier_stock_values.ts';
import * as monthProductRanking from './044_month_product_ranking.ts';
import * as customerSalesOnAccount from './045_customer_sales_on_account.ts';
import * as closedMonthsVersion from './046_closed_months_version.ts';
import * as saleReturnedAmount from './047_sale_returned_amount.ts';
import * as statementCovered from './048_statement_covered.ts';
import * as productWordsNames from './049_product_words_names.ts';
import * as supplierReceivedDays from './050_supplier_received_days.ts';
import * as saleTotalsPending from './051_sale_totals_pending.ts';
import * as receiptCounterDropped from './052_receipt_counter_dropped.ts';
import * as stockAndSupplierRowsAppended from './053_stock_and_supplier_rows_appended.ts';
import * as salePaymentReferenceSearch from './054_sale_payment_reference_search.ts';
import * as cacheWarming from './055_cache_warming.ts';

// Listed here rather than read from disk, so the bundled server carries its migrations.
export const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
  '002_accounts': accounts,
  '003_catalogue_stock': catalogueStock,
  '004_sales': sales,
  '005_otp_sign_in': otpSignIn,
  '006_sale_key_binding': saleKeyBinding,
  '007_sale_line_discounts': saleLineDiscounts,
  '008_expenses': expenses,
  '009_sale_vat': saleVat,
  '010_product_codes': productCodes,
  '011_performance_indexes': performanceIndexes,
  '012_till': till,
  '014_stock_discrepancies': stockDiscrepancies,
  '015_price_history': priceHistory,
  '016_cash_up_cut_off': cashUpCutOff,
  '018_product_label_numbers': productLabelNumbers,
  '019_stock_search_indexes': stockSearchIndexes,
  '020_sale_totals': saleTotals,
  '021_sale_line_rollups': saleLineRollups,
  '022_name_json_late': nameJsonLate,
  '023_cash_up_counted': cashUpCounted,
  '024_stock_value_index': stockValueIndex,
  '025_sale_totals_added': saleTotalsAdded,
  '026_search_words': searchWords,
  '027_offline_sale_bounds': offlineSaleBounds,
  '028_cash_up_recounts': cashUpRecounts,
  '031_measurement_plural': measurementPlural,
  '032_sign_in_addresses': signInAddresses,
  '033_unbranded_batches': unbrandedBatches,
  '034_customers': customers,
  '035_product_units': productUnits,
  '036_purchase_orders': purchaseOrders,
  '037_goods_received': goodsReceived,
  '038_quotations_deliveries': quotationsDeliveries,
  '039_stock_report_order': stockReportOrder,
  '040_list_paging': listPaging,
  '041_product_words': productWords,
  '042_account_period_indexes': accountPeriodIndexes,
  '043_supplier_stock_values': supplierStockValues,
  '044_month_product_ranking': monthProductRanking,
  '045_customer_sales_on_account': customerSalesOnAccount,
  '046_closed_months_version': closedMonthsVersion,
  '047_sale_returned_amount': saleReturnedAmount,
  '048_statement_covered': statementCovered,
  '049_product_words_names': productWordsNames,
  '050_supplier_received_days': supplierReceivedDays,
  '051_sale_totals_pending': saleTotalsPending,
  '052_receipt_counter_dropped': receiptCounterDropped,
  '053_stock_and_supplier_rows_appended': stockAndSupplierRowsAppended,
  '054_sale_payment_reference_search': salePaymentReferenceSearch,
  '055_cache_warming': cacheWarming,
};
