import type { PermissionKey } from '@duka/shared';
import type { ReactNode } from 'react';
import { RangeInput } from '../dates/RangeInput.tsx';
import type { FilterValues } from './ListPage.tsx';

type SetFilter = (name: string, value: string) => void;

/**
 * The Start/End Date filter of the dated lists (YYYY-MM-DD; a period includes its last day; an end before the start is
 * refused), after any `extra` filters of the list (the log's type and activity).
 */
export const dateFilter = (
  permission: PermissionKey,
  extra?: { initial: FilterValues; render: (values: FilterValues, set: SetFilter) => ReactNode },
) => ({
  permission,
  initial: { ...extra?.initial, startDate: '', endDate: '' },
  render: (values: FilterValues, set: SetFilter) => (
    <>
      {extra?.render(values, set)}
      <RangeInput
        start={values.startDate ?? ''}
        end={values.endDate ?? ''}
        onChange={(start, end) => {
          set('startDate', start);
          set('endDate', end);
        }}
      />
    </>
  ),
});
