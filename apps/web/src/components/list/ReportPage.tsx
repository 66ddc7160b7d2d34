import { filterNames, type ListDeclaration } from '@duka/shared';
import { Button, Group, Paper, Table } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { usePermissions } from '../../api/permissions.ts';
import { type ReportAnswer, useReport } from '../../api/reports.ts';
import { type AlertState, FormAlerts } from '../FormAlerts.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { TableScroll } from '../TableScroll.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { FigureCards } from './FigureCards.tsx';
import type { FilterValues } from './ListPage.tsx';
import { FilterPanel, PageSizeSelect, SearchForm, TableStateRow } from './ListToolbar.tsx';
import { Pager } from './Pager.tsx';
import { columnAlign, declaredExports, declaredFilterKey, reportCell } from './report-cells.tsx';
import { checkFilters, type FilterErrors, ReportFilterFields } from './report-filters.tsx';
import { useUrlListState } from './url-list-state.ts';

// The one report screen: its declaration (packages/shared/src/reports, in the report envelope) gives the title,
// call, keys, filters, columns, files and search hint; the screen adds its cards and, where a cell leads somewhere
// (a supplier's name to their statement), that cell. Page, size, search and filters live in the address, so Back
// returns to the same report.

export interface ReportCard {
  label: string;
  /** The card's figure from the answer's extras; `filters` are the ones in force. */
  value: (answer: ReportAnswer, filters: FilterValues) => ReactNode;
}

/** A column's cell drawn by the screen instead of from its declared kind, by the column's field. */
export type ReportCells = Partial<Record<string, (row: Record<string, unknown>) => ReactNode>>;

export function ReportPage({
  report,
  cards,
  cells,
}: {
  report: ListDeclaration;
  cards: ReportCard[];
  cells?: ReportCells;
}) {
  const { can, canCall } = usePermissions();
  const filters = filterNames(report);
  const exports = declaredExports(report);
  const state = useUrlListState(filters);
  const [filterOpen, setFilterOpen] = useState(false);
  const [draft, setDraft] = useState<FilterValues>(state.filters);
  const [errors, setErrors] = useState<FilterErrors>({});
  const [alerts, setAlerts] = useState<AlertState>({});

  // The panel shows the filters in force when the address changes under it (Back, a link).
  const appliedKey = JSON.stringify(state.filters);
  useEffect(() => {
    setDraft(JSON.parse(appliedKey));
    setErrors({});
  }, [appliedKey]);

  const query = { search: state.search || undefined, ...state.filters };
  const answer = useReport(report, { pagination_size: state.pageSize, page: state.page, ...query });
  const page = answer.data?.data;
  const rows = (page?.data ?? []) as Record<string, unknown>[];
  const canFilter = filters.length > 0 && can(declaredFilterKey(report));
  const canExport = Boolean(exports && canCall(exports.xlsx));

  const submit = () => {
    const found = checkFilters(report, draft);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    state.setFilters(draft);
  };
  const cancel = () => {
    setDraft({});
    setErrors({});
    setFilterOpen(false);
    state.setFilters({});
  };

  return (
    <>
      <PageHeader title={report.title} trail={[{ label: 'Reports' }, { label: report.title }]} />
      <FormAlerts state={alerts} onClose={() => setAlerts({})} />
      {answer.isError && <FormAlerts state={{ error: errorMessage(answer.error) }} onClose={() => answer.refetch()} />}
      <FigureCards
        cards={cards.map((card) => ({
          label: card.label,
          value: answer.data ? card.value(answer.data, state.filters) : '…',
        }))}
      />
      <Paper p="md" withBorder>
        <Group justify="space-between" mb="md" className="no-print">
          <Group gap="xs">
            <PageSizeSelect value={state.pageSize} onChange={state.setPageSize} />
            <SearchForm search={state.search} hint={report.searchHint} onSearch={state.setSearch} />
          </Group>
          {(canFilter || canExport) && (
            <Group gap="xs">
              {canFilter && (
                <Button variant="default" onClick={() => setFilterOpen((o) => !o)}>
                  Filter
                </Button>
              )}
              {canExport && exports && (
                <ExportMenu
                  name={exports.name}
                  endpoints={exports}
                  query={query}
                  onError={(error) => setAlerts({ error })}
                />
              )}
            </Group>
          )}
        </Group>

        {canFilter && (
          <FilterPanel open={filterOpen} onCancel={cancel} onSubmit={submit}>
            <ReportFilterFields
              names={filters}
              values={draft}
              errors={errors}
              set={(name, value) => setDraft((d) => ({ ...d, [name]: value }))}
            />
          </FilterPanel>
        )}

        <TableScroll minWidth={700} label={`${report.title} table`}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={50}>#</Table.Th>
                {report.columns.map((c) => (
                  <Table.Th key={c.field} ta={columnAlign(c.kind)}>
                    {c.header.toUpperCase()}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableStateRow pending={answer.isPending} empty={rows.length === 0} colSpan={report.columns.length + 1} />
              {page &&
                rows.map((row, index) => (
                  <Table.Tr key={String(row.id ?? index)}>
                    <Table.Td>{(page.current_page - 1) * page.per_page + index + 1}</Table.Td>
                    {report.columns.map((c) => (
                      <Table.Td key={c.field} ta={columnAlign(c.kind)}>
                        {cells?.[c.field]?.(row) ?? reportCell(row, c)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        {page && (
          <Pager
            page={page.current_page}
            lastPage={page.last_page}
            from={page.from}
            to={page.to}
            total={page.total}
            onPage={state.setPage}
            hideUnavailable
          />
        )}
      </Paper>
    </>
  );
}
