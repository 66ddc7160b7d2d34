import { QUOTATION_STATUS_LABELS, QUOTATION_STATUSES, type QuotationRecord, quotationList } from '@duka/shared';
import { Select } from '@mantine/core';
import { useState } from 'react';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { type RowAction, RowMenu } from '../../components/list/RowMenu.tsx';
import { declaredFilterKey, declaredList } from '../../components/list/report-cells.tsx';
import { CancelQuotationDialog } from './CancelQuotationDialog.tsx';
import { isStillOpen, QuotationStatusBadge } from './QuotationStatusBadge.tsx';

/** The row being cancelled, and how the list learns the dialog's outcome (its message, or nothing when kept). */
interface Cancelling {
  quotation: QuotationRecord;
  done: (answer: { message?: string }) => void;
}

/**
 * The quotations: columns, filters and export menu as declared (quotationList); a row is opened, edited and
 * cancelled, with a reason, while it is still open (expired included).
 */
export function QuotationListPage() {
  const [cancelling, setCancelling] = useState<Cancelling>();
  const close = (answer: { message?: string }) => {
    cancelling?.done(answer);
    setCancelling(undefined);
  };
  return (
    <>
      <ListPage
        title={quotationList.title}
        {...declaredList(quotationList, {
          status: (q: QuotationRecord) => <QuotationStatusBadge status={q.status} />,
        })}
        create={{ to: '/quotationcreate', permission: 'quotationAdd' }}
        filters={dateFilter(declaredFilterKey(quotationList), {
          initial: { status: '' },
          render: (values, set) => (
            <Select
              label="Status"
              clearable
              data={QUOTATION_STATUSES.map((s) => ({ value: s, label: QUOTATION_STATUS_LABELS[s] }))}
              value={values.status || null}
              onChange={(v) => set('status', v ?? '')}
            />
          ),
        })}
        rowActions={(q, tools) => {
          const actions: RowAction[] = [{ label: 'View', permission: 'quotationList', to: `/quotationshow/${q.id}` }];
          if (isStillOpen(q.status)) {
            actions.push({ label: 'Edit', permission: 'quotationEdit', to: `/quotationupdate/${q.id}` });
            actions.push({
              label: 'Cancel',
              permission: 'quotationCancel',
              color: 'red',
              // The list shows the dialog's message and reloads once it closes.
              onClick: () => tools.run(() => new Promise((done) => setCancelling({ quotation: q, done }))),
            });
          }
          return <RowMenu actions={actions} />;
        }}
      />
      {cancelling && (
        <CancelQuotationDialog
          quotation={cancelling.quotation}
          onClose={() => close({})}
          onCancelled={(message) => close({ message })}
        />
      )}
    </>
  );
}
