import { API } from 'virtual:contract-addresses';
import { type CustomerRecord, customerList, formatMoney } from '@duka/shared';
import { Group } from '@mantine/core';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { declaredList } from '../../components/list/report-cells.tsx';
import { OverLimitBadge } from './OverLimitBadge.tsx';

/**
 * The customers: columns and export menu as declared (customerList), the files' columns; a balance past its credit
 * limit carries the "Over limit" badge.
 */
export function CustomerListPage() {
  return (
    <ListPage
      title="Customers"
      {...declaredList(customerList, {
        balance: (c: CustomerRecord) => (
          <Group gap={6} justify="flex-end" wrap="nowrap">
            {c.over_limit && <OverLimitBadge />}
            {formatMoney(c.balance)}
          </Group>
        ),
      })}
      {...recordListProps('customer', { ...API.customer, list: API.customer.customerList.list })}
      rowActions={(c, tools) => (
        <RowMenu
          actions={[
            { label: 'View', permission: 'customerList', to: `/customershow/${c.id}` },
            ...editDeleteActions('customer', API.customer, c.id, tools),
          ]}
        />
      )}
    />
  );
}
