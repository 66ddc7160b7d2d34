import { type GoodsReceivedRecord, goodsReceivedList } from '@duka/shared';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { declaredFilterKey, declaredList } from '../../components/list/report-cells.tsx';
import { PaymentBadge } from './PaymentBadge.tsx';

/** Goods received, newest first: columns, date filter and exports as declared (goodsReceivedList); a row opens its
 * receipt. */
export function GoodsReceivedListPage() {
  return (
    <ListPage
      title={goodsReceivedList.title}
      {...declaredList(goodsReceivedList, {
        payment: (g: GoodsReceivedRecord) => <PaymentBadge payment={g.payment} />,
      })}
      create={{ to: '/goodsreceivedcreate', permission: 'goodsReceivedAdd', label: 'Receive goods' }}
      filters={dateFilter(declaredFilterKey(goodsReceivedList))}
      rowActions={(g) => (
        <RowMenu actions={[{ label: 'View', permission: 'goodsReceivedList', to: `/goodsreceivedshow/${g.id}` }]} />
      )}
    />
  );
}
