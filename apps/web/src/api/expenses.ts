import { API } from 'virtual:contract-addresses';
import { useLookup } from './lists.ts';

// Expenses' data beside the list and the form kits: the categories the form and the list's filter suggest.

/** The suggested categories, then every other one used before (API.expense.categories). */
export const useExpenseCategories = () => useLookup(API.expense.categories);

/** The live suppliers an expense may be paid to (the form's optional Supplier). */
export const useExpenseSuppliers = () => useLookup(API.supplier.names);
