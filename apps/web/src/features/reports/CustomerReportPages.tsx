import { receivablesReport } from '@duka/shared';
import { ReportPage } from '../../components/list/ReportPage.tsx';
import { moneyCard, textCard } from './cards.ts';

// The debt book's report: who owes, by how overdue; its total is the dashboard's "Owed by customers".

export const ReceivablesReportPage = () => (
  <ReportPage
    report={receivablesReport}
    cards={[
      moneyCard('Total Receivables (UGX)', 'total_receivables'),
      textCard('Customers Over Their Limit', 'over_limit_count'),
    ]}
  />
);
