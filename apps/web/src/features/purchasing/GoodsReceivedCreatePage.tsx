import { API } from 'virtual:contract-addresses';
import { goodsReceivedSchema, type PurchaseOrderShown } from '@duka/shared';
import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { usePurchaseOrder } from '../../api/purchasing.ts';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { RecordFormPage, type RecordFormSpec, useRecordForm } from '../../components/form/record-form.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { GoodsReceivedFields } from './GoodsReceivedFields.tsx';
import { receiptValues } from './goods-received-values.ts';

// Goods received on the form kit: the shared schema checks the form, the server's 422 messages show under their
// fields (a line's under that line's). Received against an order (`?purchase_order_id=`), the form starts from what
// remains of it; once saved, the receipt's own page opens.

/** The receipt form, against the order in the address or without one. */
export function GoodsReceivedCreatePage() {
  const [search] = useSearchParams();
  const orderId = search.get('purchase_order_id') ?? undefined;
  const order = usePurchaseOrder(orderId);
  if (!orderId) return <ReceiptForm />;
  if (order.isPending) return <PageLoader />;
  if (order.isError) return <FormAlerts state={{ error: errorMessage(order.error) }} onClose={() => order.refetch()} />;
  return <ReceiptForm order={order.data} />;
}

function ReceiptForm({ order }: { order?: PurchaseOrderShown }) {
  const navigate = useNavigate();
  const spec = useMemo(
    (): RecordFormSpec<typeof goodsReceivedSchema> => ({
      label: 'Goods Received',
      title: order ? `Receive Goods for ${order.po_number}` : 'Receive Goods',
      list: '/goodsreceivedlist',
      schema: goodsReceivedSchema,
      save: API.goodsReceived.store,
      empty: () => receiptValues(order),
      noChoice: true,
      failure: 'Failed to record the goods received. Please try again.',
      width: 1200,
      // The receipt's page shows what was made of it (batches, landed cost shares) and says it was saved.
      confirm: (answer) =>
        navigate(`/goodsreceivedshow/${answer.data.id}`, { replace: true, state: { notice: answer.message } }),
    }),
    [order, navigate],
  );
  const kit = useRecordForm(spec);
  return (
    <RecordFormPage spec={spec} kit={kit}>
      <GoodsReceivedFields form={kit.form as unknown as UseFormReturn<any, any, any>} order={order} />
    </RecordFormPage>
  );
}
