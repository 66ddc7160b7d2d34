import {
  type AnswerOf,
  type Endpoint,
  formatMoney,
  type ListEnvelope,
  type ListTotal,
  type PermissionKey,
} from '@duka/shared';
import { Button, Checkbox, Group, Paper, Table } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { call, errorMessage } from '../../api/client.ts';
import { type ListParams, useList } from '../../api/lists.ts';
import { usePermissions } from '../../api/permissions.ts';
import { invalidate, type Resource, resourcesOf } from '../../api/queries.ts';
import { confirmAction } from '../confirm.ts';
import { type AlertState, FormAlerts } from '../FormAlerts.tsx';
import { type Crumb, PageHeader } from '../PageHeader.tsx';
import { TableScroll } from '../TableScroll.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { FigureCards } from './FigureCards.tsx';
import { FilterPanel, PageSizeSelect, SearchForm, TableStateRow } from './ListToolbar.tsx';
import { Pager } from './Pager.tsx';

// The one list screen: page size, search with clear, filters, exports, selection with bulk
// delete, row numbers that run on across pages, "No records found.", the summary and the pager.

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
}

export type FilterValues = Record<string, string>;

export interface RowTools {
  /** Asks `question` (if any), runs the call, shows its message and reloads the list. */
  run: (call: () => Promise<{ message?: string }>, question?: string) => Promise<void>;
}

/** A list's endpoint: it answers the flat list envelope, whose rows `RowOf` reads off the contract. */
export type ListEndpoint = Endpoint & { method: 'GET' };
export type RowOf<E extends Endpoint> = AnswerOf<E> extends { data: (infer Row)[] } ? Row : never;

export interface ListPageProps<E extends ListEndpoint, Row = RowOf<E>> {
  title: string;
  /** The breadcrumb; the list's own title alone unless told. */
  trail?: Crumb[];
  endpoint: E;
  columns: Column<Row>[];
  /** The create screen (a screen's address, not an endpoint) and the key it needs. */
  create?: { to: string; permission: PermissionKey; label?: string };
  /** The bulk delete's endpoint (its key is the contract's) and its body's ids field. */
  bulkDelete?: { endpoint: Endpoint; field: string; question: (n: number) => string };
  /** The list's XLSX and CSV endpoints (their keys are the contracts'), and the files' name. */
  exports?: { xlsx: Endpoint; csv: Endpoint; name: string };
  filters?: {
    permission: PermissionKey;
    initial: FilterValues;
    render: (values: FilterValues, set: (name: string, value: string) => void) => ReactNode;
  };
  rowActions?: (row: Row, tools: RowTools) => ReactNode;
  /** More toolbar buttons, given the ids of the selected rows (rows can be selected while `permission` is held). */
  actions?: { permission: PermissionKey; render: (selectedIds: number[], tools: RowTools) => ReactNode };
  /** Rows are keyed by id unless ids repeat (the trash mixes kinds). */
  rowKey?: (row: Row) => string | number;
  /** Other resources this screen's writes touch (the trash, lookups), refreshed after a delete with the list's own. */
  refreshes?: readonly Resource[];
  /** Figures over every filtered row the list answers beside its page (`totals`), shown above the table. */
  totals?: readonly ListTotal[];
  /** What the search box takes, shown in it while it is empty. */
  searchHint?: string;
}

export function ListPage<E extends ListEndpoint>(props: ListPageProps<E>) {
  type Row = RowOf<E>;
  const { can, canCall } = usePermissions();
  const client = useQueryClient();
  const [pageSize, setPageSize] = useState(10);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [filterOpen, setFilterOpen] = useState(false);
  const [draftFilters, setDraftFilters] = useState<FilterValues>(props.filters?.initial ?? {});
  const [filters, setFilters] = useState<FilterValues>(props.filters?.initial ?? {});
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [alerts, setAlerts] = useState<AlertState>({});

  const params: ListParams = { pagination_size: pageSize, page, search: search || undefined, ...filters };
  const list = useList(props.endpoint, params);
  const answer = list.data as ListEnvelope<Row & { id: number }> | undefined;
  const rows = answer?.data ?? [];
  const reload = async () => {
    setSelected(new Set());
    await invalidate(client, ...resourcesOf(props.endpoint), ...(props.refreshes ?? []));
  };
  const tools: RowTools = {
    run: async (call, question) => {
      if (question && !(await confirmAction(question))) return;
      try {
        const answer = await call();
        setAlerts({ success: answer.message });
      } catch (err) {
        setAlerts({ error: errorMessage(err) });
      }
      await reload();
    },
  };

  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggleAll = () => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.id)));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const canDelete = Boolean(props.bulkDelete && canCall(props.bulkDelete.endpoint));
  const canAct = Boolean(props.actions && can(props.actions.permission));
  const canSelect = canDelete || canAct;
  const exportQuery = { search: search || undefined, ...filters };

  const bulkDelete = () => {
    const spec = props.bulkDelete;
    if (!spec) return;
    const ids = [...selected];
    const deleteAll = () =>
      call(spec.endpoint, { body: { [spec.field]: ids } } as never) as Promise<{ message?: string }>;
    void tools.run(deleteAll, spec.question(ids.length));
  };

  return (
    <>
      <PageHeader title={props.title} trail={props.trail ?? [{ label: props.title }]} />
      <FormAlerts state={alerts} onClose={() => setAlerts({})} />
      {list.isError && <FormAlerts state={{ error: errorMessage(list.error) }} onClose={() => list.refetch()} />}
      {props.totals && (
        <FigureCards
          cards={props.totals.map((total) => ({
            label: total.label,
            value: answer?.totals ? formatMoney(answer.totals[total.field]) : '…',
          }))}
        />
      )}
      <Paper p="md" withBorder>
        <Group justify="space-between" mb="md" className="no-print">
          <Group gap="xs">
            <PageSizeSelect
              value={pageSize}
              onChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
            <SearchForm
              search={search}
              hint={props.searchHint}
              onSearch={(text) => {
                setSearch(text);
                setPage(1);
              }}
            />
          </Group>
          <Group gap="xs">
            {canAct && props.actions?.render([...selected], tools)}
            {canDelete && selected.size > 0 && (
              <Button color="red" onClick={bulkDelete}>
                Delete ({selected.size})
              </Button>
            )}
            {props.filters && can(props.filters.permission) && (
              <Button variant="default" onClick={() => setFilterOpen((o) => !o)}>
                Filter
              </Button>
            )}
            {props.exports && canCall(props.exports.xlsx) && (
              <ExportMenu
                name={props.exports.name}
                endpoints={props.exports}
                query={exportQuery}
                onError={(error) => setAlerts({ error })}
              />
            )}
            {props.create && can(props.create.permission) && (
              <Button component={Link} to={props.create.to}>
                {props.create.label ?? 'Create'}
              </Button>
            )}
          </Group>
        </Group>

        {props.filters && (
          <FilterPanel
            open={filterOpen}
            onCancel={() => {
              const initial = props.filters?.initial ?? {};
              setDraftFilters(initial);
              setFilters(initial);
              setFilterOpen(false);
              setPage(1);
            }}
            onSubmit={() => {
              setFilters(draftFilters);
              setPage(1);
            }}
          >
            {props.filters.render(draftFilters, (name, value) => setDraftFilters((f) => ({ ...f, [name]: value })))}
          </FilterPanel>
        )}

        <TableScroll minWidth={600} label={`${props.title} table`}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {canSelect && (
                  <Table.Th w={40}>
                    <Checkbox aria-label="Select all rows on this page" checked={allOnPage} onChange={toggleAll} />
                  </Table.Th>
                )}
                <Table.Th w={50}>#</Table.Th>
                {props.columns.map((c) => (
                  <Table.Th key={c.header} ta={c.align}>
                    {c.header}
                  </Table.Th>
                ))}
                {props.rowActions && <Table.Th>ACTIONS</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableStateRow pending={list.isPending} empty={rows.length === 0} colSpan={props.columns.length + 3} />
              {!list.isPending &&
                rows.map((row, index) => (
                  <Table.Tr key={props.rowKey?.(row) ?? row.id}>
                    {canSelect && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select row ${index + 1}`}
                          checked={selected.has(row.id)}
                          onChange={() => toggle(row.id)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>{(page - 1) * pageSize + index + 1}</Table.Td>
                    {props.columns.map((c) => (
                      <Table.Td key={c.header} ta={c.align}>
                        {c.cell(row)}
                      </Table.Td>
                    ))}
                    {props.rowActions && <Table.Td>{props.rowActions(row, tools)}</Table.Td>}
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        {answer && (
          <Pager
            page={answer.current_page}
            lastPage={answer.last_page}
            from={answer.from}
            to={answer.to}
            total={answer.total}
            onPage={(n) => {
              setPage(n);
              setSelected(new Set());
            }}
          />
        )}
      </Paper>
    </>
  );
}
