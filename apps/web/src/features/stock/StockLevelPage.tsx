import { API } from 'virtual:contract-addresses';
import { stockLevelList } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { declaredColumns, declaredExports } from '../../components/list/report-cells.tsx';

/** Every live batch with what is left, what was sold and its status; read-only. Columns as declared for the files. */
export function StockLevelPage() {
  return (
    <ListPage
      title="Stock Levels"
      endpoint={API.stock.levelList.list}
      exports={declaredExports(stockLevelList)}
      columns={declaredColumns(stockLevelList.columns)}
    />
  );
}
