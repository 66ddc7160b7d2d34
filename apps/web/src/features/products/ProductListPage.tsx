import { API } from 'virtual:contract-addresses';
import { productList } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { declaredList } from '../../components/list/report-cells.tsx';
import { LabelButtons } from './LabelButtons.tsx';

/** The products: columns and export menu as declared (productList); a product without a code shows a blank cell.
 * Unlike the original client, which shows every button, each action here is checked against the user's keys. */
export function ProductListPage() {
  return (
    <ListPage
      title="Products"
      {...declaredList(productList)}
      // A deleted product must also leave the selects of the brand and stock forms.
      {...recordListProps('product', API.product, { refreshes: ['brand'] })}
      actions={{
        permission: 'productEdit',
        render: (selectedIds, tools) => <LabelButtons selectedIds={selectedIds} tools={tools} />,
      }}
      rowActions={(p, tools) => <RowMenu actions={editDeleteActions('product', API.product, p.id, tools)} />}
    />
  );
}
