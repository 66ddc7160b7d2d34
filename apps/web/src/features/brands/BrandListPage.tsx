import { API } from 'virtual:contract-addresses';
import { brandList } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { declaredList } from '../../components/list/report-cells.tsx';

/** The brands: columns as declared (brandList). Unlike the original client, which shows every button, each action
 * here is checked against the user's keys. */
export function BrandListPage() {
  return (
    <ListPage
      title="Brands"
      {...declaredList(brandList)}
      {...recordListProps('brand', API.brand)}
      rowActions={(b, tools) => <RowMenu actions={editDeleteActions('brand', API.brand, b.id, tools)} />}
    />
  );
}
