import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@duka/shared';
import { useSearchParams } from 'react-router';
import type { FilterValues } from './ListPage.tsx';

// A list's state (page, page size, search, filters) kept in the address's query, in the API's own names, so Back
// and a shared link bring the same page of the same list. Each change is a new history entry.

type Change = Record<string, string | number | undefined>;

export function useUrlListState(filterNames: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const size = Number(params.get('pagination_size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const search = params.get('search') ?? '';
  const filters: FilterValues = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? '']));

  /** Sets the given names (empty or undefined removes them); any change but the page goes back to page 1. */
  const update = (change: Change) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (!('page' in change)) next.delete('page');
      for (const [name, value] of Object.entries(change)) {
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      return next;
    });

  return {
    page,
    pageSize,
    search,
    filters,
    setPage: (n: number) => update({ page: n === 1 ? undefined : n }),
    setPageSize: (n: number) => update({ pagination_size: n === DEFAULT_PAGE_SIZE ? undefined : n }),
    setSearch: (text: string) => update({ search: text }),
    /** Applies every filter name at once: names missing from `values` are cleared. */
    setFilters: (values: FilterValues) => update(Object.fromEntries(filterNames.map((n) => [n, values[n]]))),
  };
}
