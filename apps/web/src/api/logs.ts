import { API } from 'virtual:contract-addresses';
import { useCall } from './queries.ts';

// The application log beyond the list kit: its filters' choices.

/** The distinct types and activities on record: the filters' choices. */
export const useLogColumns = () => useCall(API.log.columns, {});
