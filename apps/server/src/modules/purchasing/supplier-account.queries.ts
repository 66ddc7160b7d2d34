// What the shop owes its suppliers as the statement, a payment's page and the payables report read it. A bill is
// goods received on credit; it ages from the day received. A bill's unpaid part on a day is its value less what the
// payments (and reversals, negative) dated up to that day settled of it: the allocations rows replay the books exactly.
import type { Aging, SupplierStatementLine } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { nameJson } from '../../platform/creator.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/listing.ts';
import { shopDay } from '../../platform/period.ts';
import { bucketSum } from '../customers/receivables.queries.ts';
import { agingOf, type StatementPeriod } from '../customers/statement.queries.ts';
import { supplierContactJson } from './goods-received.queries.ts';
import { supplierBalance } from './supplier-payments.service.ts';

interface LedgerRow {
  date: string;
  kind: SupplierStatementLine['kind'];
  reference: string;
  details: string;
  debit: number;
  credit: number;
  goods_received_id: number | null;
  payment_id: number | null;
  reversed: boolean;
}

/** Every bill, payment and reversal of the supplier up to `end`, in the order they happened. */
async function ledger(db: Database, supplierId: number, end: string) {
  const { rows } = await sql<LedgerRow>`
    SELECT * FROM (
      SELECT to_char(g.received_date, 'YYYY-MM-DD') AS date, 'BILL' AS kind, g.grn_number AS reference,
             coalesce('Invoice ' || g.supplier_invoice_number, '') AS details,
             g.goods_value::bigint AS debit, 0::bigint AS credit, g.id AS goods_received_id, NULL::int AS payment_id,
             false AS reversed, g.created_at AS at
        FROM goods_receipts g
       WHERE g.supplier_id = ${supplierId} AND g.payment = 'CREDIT' AND g.received_date <= ${end}::date
      UNION ALL
      SELECT to_char(p.payment_date, 'YYYY-MM-DD'), CASE WHEN p.reverses_id IS NULL THEN 'PAYMENT' ELSE 'REVERSAL' END,
             p.payment_number,
             concat_ws(' ', initcap(replace(p.method, '_', ' ')), p.reference,
               CASE WHEN p.from_till THEN '(from the till)' END,
               CASE WHEN p.reverses_id IS NOT NULL THEN '— ' || p.reason END),
             greatest(-p.amount, 0)::bigint, greatest(p.amount, 0)::bigint, NULL, p.id,
             EXISTS (SELECT 1 FROM supplier_payments r WHERE r.reverses_id = p.id), p.created_at
        FROM supplier_payments p
       WHERE p.supplier_id = ${supplierId} AND p.payment_date <= ${end}::date
    ) l
    ORDER BY l.date, l.at, l.kind`.execute(db);
  return rows.map(({ at: _, ...row }: LedgerRow & { at?: unknown }) => ({
    ...row,
    debit: Number(row.debit),
    credit: Number(row.credit),
  }));
}

/** The supplier's bills unpaid at the end of `end`, each with the day it was received. */
async function unpaidAt(db: Database, supplierId: number, end: string) {
  const { rows } = await sql<{ received_date: string; unpaid: number }>`
    SELECT to_char(g.received_date, 'YYYY-MM-DD') AS received_date,
           g.goods_value - coalesce((
             SELECT sum(a.amount) FROM supplier_payment_allocations a
               JOIN supplier_payments p ON p.id = a.payment_id
              WHERE a.goods_receipt_id = g.id AND p.payment_date <= ${end}::date), 0) AS unpaid
      FROM goods_receipts g
     WHERE g.supplier_id = ${supplierId} AND g.payment = 'CREDIT' AND g.received_date <= ${end}::date`.execute(db);
  return rows.map((r) => ({ due: r.received_date, amount: Number(r.unpaid) })).filter((r) => r.amount > 0);
}

/** A live or trashed supplier's contact and number, with what the shop owes them now; 404 when unknown. */
async function supplierOf(db: Database, id: number) {
  const supplier = await db
    .selectFrom('suppliers as s')
    .select([supplierContactJson.as('contact'), 's.supplier_number'])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!supplier) throw notFound('Supplier');
  return { ...supplier.contact, supplier_number: supplier.supplier_number, balance: await supplierBalance(db, id) };
}

export async function supplierStatement(db: Database, timeZone: string, id: number, period: StatementPeriod) {
  const supplier = await supplierOf(db, id);
  const end = period.endDate ?? shopDay(timeZone);
  const start = period.startDate ?? null;
  let balance = 0;
  let opening = 0;
  const lines: SupplierStatementLine[] = [];
  for (const line of await ledger(db, id, end)) {
    balance += line.debit - line.credit;
    if (start !== null && line.date < start) opening = balance;
    else lines.push({ ...line, balance });
  }
  const aging: Aging = agingOf(await unpaidAt(db, id, end), end);
  return {
    supplier,
    start_date: start,
    end_date: end,
    opening_balance: opening,
    lines,
    closing_balance: balance,
    aging,
  };
}

/** One payment or reversal with the bills it settled (a reversal: what it made owed again). */
export async function getSupplierPayment(db: Database, id: number) {
  const payment = await db
    .selectFrom('supplier_payments as p')
    .innerJoin('suppliers as s', 's.id', 'p.supplier_id')
    .leftJoin('supplier_payments as orig', 'orig.id', 'p.reverses_id')
    .leftJoin('supplier_payments as rev', 'rev.reverses_id', 'p.id')
    .leftJoin('users as creator', 'creator.id', 'p.created_by')
    .select([
      'p.id',
      'p.payment_number',
      'p.amount',
      'p.method',
      'p.reference',
      sql<string>`to_char(p.payment_date, 'YYYY-MM-DD')`.as('payment_date'),
      'p.from_till',
      sql<{ id: number; payment_number: string } | null>`CASE WHEN orig.id IS NULL THEN NULL
        ELSE json_build_object('id', orig.id, 'payment_number', orig.payment_number) END`.as('reverses'),
      'p.reason',
      sql<{ id: number; payment_number: string } | null>`CASE WHEN rev.id IS NULL THEN NULL
        ELSE json_build_object('id', rev.id, 'payment_number', rev.payment_number) END`.as('reversed_by'),
      'p.supplier_id',
      's.name as supplier_name',
      nameJson('creator').as('user'),
      'p.created_at',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!payment) throw notFound('Supplier payment');
  const applied = await db
    .selectFrom('supplier_payment_allocations as a')
    .innerJoin('goods_receipts as g', 'g.id', 'a.goods_receipt_id')
    .select(['a.goods_receipt_id as goods_received_id', 'g.grn_number', 'a.amount'])
    .where('a.payment_id', '=', id)
    .orderBy('g.received_date')
    .orderBy('g.id')
    .execute();
  const { supplier_id, supplier_name, ...shown } = payment;
  return {
    ...shown,
    applied,
    supplier: { id: supplier_id, name: supplier_name, balance: await supplierBalance(db, supplier_id) },
  };
}

/** Suppliers the shop owes, searched by name, phone or number. */
function owed(db: Database, search: string | undefined) {
  let q = db.selectFrom('suppliers as s').innerJoin(
    (eb) =>
      eb
        .selectFrom('goods_receipts as g')
        .where('g.amount_due', '>', 0)
        .select(['g.supplier_id', sql<number>`sum(g.amount_due)::bigint`.as('balance')])
        .groupBy('g.supplier_id')
        .as('o'),
    (join) => join.onRef('o.supplier_id', '=', 's.id'),
  );
  if (search) {
    const pattern = likePattern(search);
    q = q.where((eb) =>
      eb.or([
        eb('s.name', 'ilike', pattern),
        eb('s.phone_number', 'ilike', pattern),
        eb('s.supplier_number', 'ilike', pattern),
      ]),
    );
  }
  return q;
}

/** The payables report's rows: per supplier owed, the balance by days since each unpaid bill came; largest first. */
export function payablesRows(db: Database, timeZone: string, search: string | undefined) {
  const today = shopDay(timeZone);
  const age = sql<number>`(${today}::date - g.received_date)`;
  const due = sql<number>`g.amount_due`;
  const aging = db
    .selectFrom('goods_receipts as g')
    .where('g.amount_due', '>', 0)
    .select([
      'g.supplier_id',
      bucketSum('current', age, due).as('current'),
      bucketSum('d1_30', age, due).as('d1_30'),
      bucketSum('d31_60', age, due).as('d31_60'),
      bucketSum('d61_90', age, due).as('d61_90'),
      bucketSum('over_90', age, due).as('over_90'),
      sql<string>`to_char(min(g.received_date), 'YYYY-MM-DD')`.as('oldest_bill_date'),
    ])
    .groupBy('g.supplier_id')
    .as('a');
  return owed(db, search)
    .innerJoin(aging, 'a.supplier_id', 's.id')
    .select([
      's.id as supplier_id',
      's.supplier_number',
      's.name',
      's.phone_number',
      'o.balance',
      'a.current',
      'a.d1_30',
      'a.d31_60',
      'a.d61_90',
      'a.over_90',
      'a.oldest_bill_date',
    ])
    .orderBy('o.balance', 'desc')
    .orderBy('s.id');
}

/** Σ what the shop owes every supplier (searched as the rows are). */
export async function payablesTotal(db: Database, search?: string) {
  const row = await owed(db, search)
    .select(sql<number>`coalesce(sum(o.balance), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
