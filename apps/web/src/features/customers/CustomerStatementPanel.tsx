import { type CustomerRecord, formatMoney, type StatementLine } from '@duka/shared';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadStatement, useCustomerStatement } from '../../api/customers.ts';
import { usePermissions } from '../../api/permissions.ts';
import { useBusinessInfo } from '../../api/sales.ts';
import { WhatsAppButton } from '../../components/DocumentButtons.tsx';
import {
  AgingTable,
  PrintedStatementHead,
  StatementFrame,
  StatementTable,
  useStatementPeriod,
} from './AccountStatement.tsx';
import { ReversePaymentDialog } from './PaymentDialogs.tsx';
import { whatsAppLink } from './statement-share.ts';

// A customer's statement over a period: the opening balance, every sale on account, payment, return and reversal with
// the balance after it, the closing balance and what is owed by how overdue. Printed on A4 from this page, downloaded
// as the server's PDF, or shared on WhatsApp as a message to the customer.

const KIND_LABELS: Record<StatementLine['kind'], string> = {
  SALE: 'Sale on account',
  PAYMENT: 'Payment',
  RETURN: 'Return',
  REVERSAL: 'Reversal',
};

export function CustomerStatementPanel({ customer }: { customer: CustomerRecord }) {
  const { can } = usePermissions();
  const period = useStatementPeriod();
  const [reversing, setReversing] = useState<StatementLine>();
  const statement = useCustomerStatement(customer.id, period.period);
  const businessName = useBusinessInfo().data?.business_name || 'Duka';
  // Who takes payments (customerPayment) opens their receipts and reverses them.
  const handlesPayments = can('customerPayment');

  return (
    <>
      <StatementFrame
        period={period}
        statement={statement}
        download={(chosen) => downloadStatement(customer.id, customer.customer_number, chosen)}
        actions={(s) => <WhatsAppButton href={whatsAppLink(s, businessName)} />}
      >
        {(s) => (
          <>
            <PrintedStatementHead
              number={s.customer.customer_number}
              heading="Customer"
              party={[
                s.customer.name,
                s.customer.phone_number,
                s.customer.address,
                s.customer.tin && `TIN: ${s.customer.tin}`,
              ]}
              statement={s}
              terms={[
                `Payment terms: ${s.customer.payment_terms_days} days`,
                `Credit limit: UGX ${formatMoney(s.customer.credit_limit)}`,
              ]}
            />
            <StatementTable
              statement={s}
              kindLabel={(line) => KIND_LABELS[line.kind]}
              lineKey={(line) => `${line.kind}-${line.reference}-${line.sale_id ?? line.payment_id}`}
              referenceLinks={(line) =>
                line.payment_id !== null &&
                handlesPayments && (
                  <Button
                    component={Link}
                    to={`/customerpaymentreceipt/${line.payment_id}`}
                    size="compact-xs"
                    variant="subtle"
                    className="no-print"
                    aria-label={`Receipt of ${line.reference}`}
                  >
                    Receipt
                  </Button>
                )
              }
              onReverse={handlesPayments ? setReversing : undefined}
            />
            {/* Days past its due date: the sale's day and the customer's payment terms. */}
            <AgingTable aging={s.aging} title={`Owed by days past due, as of ${s.end_date}`} />
          </>
        )}
      </StatementFrame>
      {reversing?.payment_id && (
        <ReversePaymentDialog
          payment={{ id: reversing.payment_id, reference: reversing.reference, credit: reversing.credit }}
          onClose={() => setReversing(undefined)}
        />
      )}
    </>
  );
}
