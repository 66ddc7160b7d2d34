import { type PayablesRow, payablesReport } from '@duka/shared';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { usePermissions } from '../../api/permissions.ts';
import { ReportPage } from '../../components/list/ReportPage.tsx';
import { moneyCard } from './cards.ts';

// What the shop owes its suppliers, by how old each unpaid bill is; its total is the dashboard's "Owed to suppliers".
// A supplier's name opens their statement, where the payment is recorded, for those who may read statements.

const statementLink = (row: Record<string, unknown>) => {
  const { supplier_id: id, name } = row as PayablesRow;
  return (
    <Anchor component={Link} to={`/supplierstatement/${id}`} fz="inherit">
      {name}
    </Anchor>
  );
};

export function PayablesReportPage() {
  const { can } = usePermissions();
  return (
    <ReportPage
      report={payablesReport}
      cards={[moneyCard('Total Payables (UGX)', 'total_payables')]}
      cells={can('supplierStatement') ? { name: statementLink } : undefined}
    />
  );
}
