import { payablesReport } from '@duka/shared';
import { ReportPage } from '../../components/list/ReportPage.tsx';
import { moneyCard } from './cards.ts';

// What the shop owes its suppliers, by how old each unpaid bill is; its total is the dashboard's "Owed to suppliers".

export const PayablesReportPage = () => (
  <ReportPage report={payablesReport} cards={[moneyCard('Total Payables (UGX)', 'total_payables')]} />
);
