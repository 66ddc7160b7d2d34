import { API } from 'virtual:contract-addresses';
import { categoryList } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { declaredList } from '../../components/list/report-cells.tsx';

/** The categories: columns as declared (categoryList). */
export function CategoryListPage() {
  return (
    <ListPage
      title="Categories"
      {...declaredList(categoryList)}
      {...recordListProps('category', API.category)}
      rowActions={(c, tools) => <RowMenu actions={editDeleteActions('category', API.category, c.id, tools)} />}
    />
  );
}
