import type { PermissionKey } from '@duka/shared';
import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FilterValues } from './ListPage.tsx';

type SetFilter = (name: string, value: string) => void;

/**
 * The Start/End Date filter of the dated lists (YYYY-MM-DD; a period includes its last day), after any `extra`
 * filters of the list (the log's type and activity).
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
      <TextInput
        label="Start Date"
        type="date"
        value={values.startDate}
        onChange={(e) => set('startDate', e.currentTarget.value)}
      />
      <TextInput
        label="End Date"
        type="date"
        value={values.endDate}
        onChange={(e) => set('endDate', e.currentTarget.value)}
      />
    </>
  ),
});
