import { stockLevelList } from '@duka/shared';
import { STOCK_LEVEL_LIST } from '../../api/stock.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { declaredColumns, declaredExports } from '../../components/list/report-cells.tsx';

/** Every live batch with what is left, what was sold and its status; read-only. Columns as declared for the files. */
export function StockLevelPage() {
  return (
    <ListPage
      title="Stock Levels"
      endpoint={STOCK_LEVEL_LIST}
      exports={declaredExports(stockLevelList)}
      columns={declaredColumns(stockLevelList.columns)}
    />
  );
}
