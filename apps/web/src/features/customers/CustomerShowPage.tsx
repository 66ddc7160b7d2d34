import { type CustomerRecord, formatDay, formatMoney } from '@duka/shared';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useCustomer } from '../../api/customers.ts';
import { usePermissions } from '../../api/permissions.ts';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { FigureCards } from '../../components/list/FigureCards.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RecordTable } from '../../components/RecordTable.tsx';
import { ShowFrame } from '../../components/ShowFrame.tsx';
import { CustomerStatementPanel } from './CustomerStatementPanel.tsx';
import { OverLimitBadge } from './OverLimitBadge.tsx';
import { TakePaymentDialog } from './PaymentDialogs.tsx';

const orNA = (value: string | null | undefined) => value || 'N/A';

/**
 * One customer: what they owe, what they may still put on account, their details, and (with customerStatement) their
 * statement; payments are taken here. Only the statement prints: the rest is left off the paper.
 */
export function CustomerShowPage() {
  const { id } = useParams();
  const customer = useCustomer(id);
  const { can } = usePermissions();
  const [isPaying, setPaying] = useState(false);
  if (customer.isPending) return <PageLoader />;
  if (customer.isError)
    return <FormAlerts state={{ error: errorMessage(customer.error) }} onClose={() => customer.refetch()} />;
  const c = customer.data;
  return (
    <>
      <div className="no-print">
        <ShowFrame
          title="Customer Details"
          trail={[{ label: 'Customers', to: '/customerlist' }, { label: 'View' }]}
          actions={() => (
            <Group gap="xs">
              {can('customerEdit') && (
                <Button variant="default" component={Link} to={`/customerupdate/${c.id}`}>
                  Edit
                </Button>
              )}
              {can('customerPayment') && <Button onClick={() => setPaying(true)}>Take payment</Button>}
            </Group>
          )}
          maw={980}
        >
          <FigureCards
            cards={[
              {
                label: 'Balance (UGX)',
                value: (
                  <Group gap="xs" component="span">
                    <span data-testid="customer-balance">{formatMoney(c.balance)}</span>
                    {c.over_limit && <OverLimitBadge />}
                  </Group>
                ),
              },
              { label: 'Available Credit (UGX)', value: formatMoney(c.available_credit) },
              { label: 'Credit Limit (UGX)', value: formatMoney(c.credit_limit) },
            ]}
          />
          <RecordTable rows={detailRows(c)} labelWidth={220} />
        </ShowFrame>
      </div>
      {can('customerStatement') && <CustomerStatementPanel customer={c} />}
      {isPaying && <TakePaymentDialog customer={c} onClose={() => setPaying(false)} />}
    </>
  );
}

const detailRows = (c: CustomerRecord): [string, string][] => [
  ['Customer Number', c.customer_number],
  ['Name', c.name],
  ['Phone', c.phone_number],
  ['Email', orNA(c.email)],
  ['Address', orNA(c.address)],
  ['TIN', orNA(c.tin)],
  ['Payment Terms', `${c.payment_terms_days} days`],
  ['Oldest Unpaid', c.oldest_unpaid_days === null ? 'Nothing unpaid' : `${c.oldest_unpaid_days} days`],
  ['Notes', orNA(c.notes)],
  ['Date', formatDay(c.created_at)],
];
