import { formatMoney, type SupplierStatement, type SupplierStatementLine } from '@duka/shared';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { downloadSupplierStatement, useSupplierStatement } from '../../api/payables.ts';
import { usePermissions } from '../../api/permissions.ts';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { FigureCards } from '../../components/list/FigureCards.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RecordTable } from '../../components/RecordTable.tsx';
import { ShowFrame } from '../../components/ShowFrame.tsx';
import {
  AgingTable,
  PrintedStatementHead,
  StatementFrame,
  StatementTable,
  useStatementPeriod,
} from '../customers/AccountStatement.tsx';
import { PaySupplierDialog, ReverseSupplierPaymentDialog } from './SupplierPaymentDialogs.tsx';

// One supplier's account: what the shop owes them now, their details, and the statement over a period (bills for
// goods received on credit, payments and reversals), printed on A4 or downloaded as the server's PDF. A holder of
// supplierPayment records payments here and reverses them; a bill opens its goods received. Only the statement prints.

const KIND_LABELS: Record<SupplierStatementLine['kind'], string> = {
  BILL: 'Bill',
  PAYMENT: 'Payment',
  REVERSAL: 'Reversal',
};

const orNA = (value: string | null | undefined) => value || 'N/A';

export function SupplierStatementPage() {
  const id = Number(useParams().id);
  const { can } = usePermissions();
  const period = useStatementPeriod();
  const statement = useSupplierStatement(id, period.period);
  const [isPaying, setPaying] = useState(false);
  const [reversing, setReversing] = useState<SupplierStatementLine>();
  const s = statement.data;
  if (!s && statement.isError)
    return <FormAlerts state={{ error: errorMessage(statement.error) }} onClose={() => statement.refetch()} />;
  if (!s) return <PageLoader />;
  // The balance now, whatever the period: the statement names the supplier with it.
  const supplier = s.supplier;
  const mayPay = can('supplierPayment');
  return (
    <>
      <div className="no-print">
        <ShowFrame
          title="Supplier Statement"
          trail={[{ label: 'Suppliers', to: '/supplierlist' }, { label: 'Statement' }]}
          actions={() => mayPay && <Button onClick={() => setPaying(true)}>Record payment</Button>}
          maw={980}
        >
          <FigureCards
            cards={[
              {
                label: 'Owed Now (UGX)',
                value: <span data-testid="supplier-balance">{formatMoney(supplier.balance)}</span>,
              },
            ]}
          />
          <RecordTable rows={detailRows(s)} labelWidth={220} />
        </ShowFrame>
      </div>
      <StatementFrame
        period={period}
        statement={statement}
        download={(chosen) => downloadSupplierStatement(supplier.id, supplier.supplier_number, chosen)}
      >
        {(shown) => (
          <>
            <PrintedStatementHead
              number={shown.supplier.supplier_number}
              heading="Supplier"
              party={[
                shown.supplier.name,
                shown.supplier.phone_number,
                shown.supplier.address,
                shown.supplier.tin && `TIN: ${shown.supplier.tin}`,
              ]}
              statement={shown}
              terms={[]}
            />
            <StatementTable
              statement={shown}
              kindLabel={(line) => KIND_LABELS[line.kind]}
              lineKey={(line) => `${line.kind}-${line.reference}-${line.goods_received_id ?? line.payment_id}`}
              details={{ heading: 'Details', cell: (line) => line.details }}
              referenceLinks={(line) =>
                line.goods_received_id !== null &&
                can('goodsReceivedList') && (
                  <Button
                    component={Link}
                    to={`/goodsreceivedshow/${line.goods_received_id}`}
                    size="compact-xs"
                    variant="subtle"
                    className="no-print"
                    aria-label={`Open ${line.reference}`}
                  >
                    Open
                  </Button>
                )
              }
              onReverse={mayPay ? setReversing : undefined}
            />
            <AgingTable
              aging={shown.aging}
              title={`Owed by days since each bill was received, as of ${shown.end_date}`}
            />
          </>
        )}
      </StatementFrame>
      {isPaying && <PaySupplierDialog supplier={supplier} onClose={() => setPaying(false)} />}
      {reversing?.payment_id && (
        <ReverseSupplierPaymentDialog
          supplier={supplier}
          payment={{ id: reversing.payment_id, reference: reversing.reference, credit: reversing.credit }}
          onClose={() => setReversing(undefined)}
        />
      )}
    </>
  );
}

const detailRows = ({ supplier: s }: SupplierStatement): [string, string][] => [
  ['Supplier Number', s.supplier_number],
  ['Name', s.name],
  ['Phone', s.phone_number],
  ['Email', orNA(s.email)],
  ['Address', orNA(s.address)],
  ['TIN', orNA(s.tin)],
];
