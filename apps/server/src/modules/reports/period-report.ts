import type { ListDeclaration, ListQueryOf, ReportType } from '@duka/shared';
import type { FastifyInstance } from 'fastify';
import { type ListRun, registerList } from '../../platform/list-routes.ts';
import { type Period, resolvePeriod } from '../../platform/period.ts';

// Most reports cover one period of shop days: the query names it, the rows and cards are over it, and the files'
// header rows show it. This registers such a report from how its period is found and what it holds over it.

export interface PeriodReport<Query, Row, Shown> {
  /** The query's period (a day, the week holding a day, a month, a report type and range…). */
  period: (query: Query) => Period;
  /** The rows and the cards over that period; the query's search is passed on. */
  run: (period: Period, search: string | undefined, query: Query) => Promise<Omit<ListRun<Row>, 'period'>>;
  present?: (row: Row) => Shown;
}

/** The period of a report that takes `report_type` (daily… yearly, custom) and, for custom, `date_range`. */
export const byReportType =
  (timeZone: string) =>
  (query: { report_type: ReportType; date_range?: string }): Period =>
    resolvePeriod(query.report_type, query.date_range, timeZone);

/** The first and last day of a period, as the reports' extras name them. */
export const reportBounds = (period: Period) => ({ report_start: period.start, report_end: period.end });

export function registerPeriodReport<D extends ListDeclaration, Row, Shown = Row>(
  app: FastifyInstance,
  declaration: D,
  report: PeriodReport<ListQueryOf<D>, Row, Shown>,
  timeZone: string,
) {
  registerList<D, Row, Shown, ListQueryOf<D>>(
    app,
    declaration,
    {
      run: async (query) => {
        const period = report.period(query);
        const { rows, extras } = await report.run(period, query.search, query);
        return { rows, extras, period: { startDate: period.start, endDate: period.end } };
      },
      present: report.present,
    },
    timeZone,
  );
}
