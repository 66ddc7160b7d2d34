// The cash-up: the expected figures of one cashier's shop day, and saving them with the counted cash.
// A saved cash-up never changes. A day may be cashed up again (a second shift) once something was sold or returned
// after its last cash-up: the new one counts only what came after. A holder of salesCashUpRecount may record a
// recount of a saved cash-up: a new record referring to the first, with its reason; the first stays.
// The save holds the cashier's till lock (till-lock.ts) and records the sales and returns it counted, so a sale or
// return committing meanwhile, or sent later from an offline till, is counted in exactly one cash-up.
import type { CashUpInput, CashUpQuery, CashUpRecountInput } from '@duka/shared';
import { formatMoney } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { AppError, accessDenied, invalidField, notFound } from '../../platform/errors.ts';
import { shopDay } from '../../platform/period.ts';
import type { Actor } from '../../platform/sessions.ts';
import {
  type CashUpFigures,
  cashUpFigures,
  cashUpsQuery,
  expectedCash,
  lastIds,
  recordCounted,
  windowEnd,
  windowOf,
} from './cashup.queries.ts';
import { closeTill } from './till-lock.ts';

/** The cashier whose day it is: the signed-in one, or another with salesCashUpAll. */
async function cashierOf(db: Database, actor: Actor, userId: number | undefined) {
  const id = userId ?? actor.userId;
  if (id !== actor.userId && !actor.keys.has('salesCashUpAll')) throw accessDenied();
  const user = await db.selectFrom('users').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!user) throw invalidField('user_id', 'Unknown cashier.');
  return user;
}

/** The users not in the trash, by name: whose day a manager may pick to count. */
export const cashiersToPick = (db: Database) =>
  db.selectFrom('users').select(['id', 'name']).where('deleted_at', 'is', null).orderBy('name').orderBy('id').execute();

/**
 * The days a cash-up may be for: from the shop's first day (the day of its first sale) to today, in the shop's time
 * zone. Before the first sale there is nothing to count; a shop without a sale may cash up today only. Any day in
 * between stays open, however far back, so the sales of a day not yet cashed up (an offline till's, sent late) can
 * still be counted there.
 */
async function checkDay(db: Database, day: string, timeZone: string) {
  const today = shopDay(timeZone);
  if (day > today) throw invalidField('date', 'A cash-up cannot be for a day still to come.');
  if (day === today) return;
  const first = await db.selectFrom('sales').select('created_at').orderBy('created_at').limit(1).executeTakeFirst();
  if (!first) throw invalidField('date', 'The shop has made no sale yet: only today can be cashed up.');
  const firstDay = shopDay(timeZone, first.created_at);
  if (day < firstDay)
    throw invalidField('date', `The shop's first sale was on ${firstDay}: a cash-up cannot be for an earlier day.`);
}

/** The cash-ups saved for the cashier's day, first counts and recounts, in the order they were saved. */
const savedOfDay = (db: Database, userId: number, day: string) =>
  cashUpsQuery(db, {})
    .where('c.user_id', '=', userId)
    .where('c.day', '=', day)
    .clearOrderBy()
    .orderBy('c.id')
    .execute();

/**
 * The cashier's day: what is still to count (from the day's last cut-off, or its start), with the cash-ups already
 * saved for it. `can_save`: the day has no cash-up yet, or something was sold or returned since its last one.
 */
/** Whether a window holds anything a cash-up counts: a sale, a return, a payment on account or to a supplier. */
const countedAnything = (f: CashUpFigures) =>
  f.sales_count + f.returns_count + f.account_payments_count + f.supplier_payments_count > 0;

export async function showCashUpDay(db: Database, timeZone: string, actor: Actor, query: CashUpQuery) {
  const cashier = await cashierOf(db, actor, query.user_id);
  await checkDay(db, query.date, timeZone);
  const saved = await savedOfDay(db, cashier.id, query.date);
  const window = await windowOf(db, cashier.id, query.date, timeZone, windowEnd(query.date, timeZone));
  const figures = await cashUpFigures(db, cashier.id, window);
  const opening_float = query.opening_float ?? 0;
  return {
    date: query.date,
    cashier,
    saved: false,
    opening_float,
    ...figures,
    expected_cash: expectedCash(opening_float, figures),
    counted_cash: null,
    difference: null,
    note: null,
    can_save: saved.length === 0 || countedAnything(figures),
    cash_ups: saved,
  };
}

export async function saveCashUp(
  db: Database,
  timeZone: string,
  actor: Actor,
  input: CashUpInput,
  ctx: RequestContext,
) {
  const cashier = await cashierOf(db, actor, input.user_id);
  await checkDay(db, input.date, timeZone);
  return db.transaction().execute(async (trx) => {
    // One save at a time per cashier (the second waits, then finds the first), and none of the cashier's sales or
    // returns half-done while the figures are read.
    await closeTill(trx, cashier.id);
    const earlier = await trx
      .selectFrom('cash_ups')
      .select('id')
      .where('user_id', '=', cashier.id)
      .where('day', '=', input.date)
      .executeTakeFirst();
    // The cut-off is taken under the lock: whatever is dated before it and committed is counted now.
    const window = await windowOf(trx, cashier.id, input.date, timeZone, windowEnd(input.date, timeZone));
    const [f, last] = await Promise.all([cashUpFigures(trx, cashier.id, window), lastIds(trx, cashier.id)]);
    // A further cash-up of the day (the next shift) must count something: a second click on Save, or a cash-up of a
    // day already counted, would only repeat the first.
    if (earlier && !countedAnything(f))
      throw new AppError(
        'conflict',
        `The cash-up of ${cashier.name} for ${input.date} is already saved, and nothing was sold, returned, paid on account or paid out to a supplier since: there is nothing more to count.`,
      );
    const expected = expectedCash(input.opening_float, f);
    if (input.expected_cash !== undefined && input.expected_cash !== expected)
      throw new AppError(
        'conflict',
        `The expected cash is now ${formatMoney(expected)} UGX, not ${formatMoney(input.expected_cash)}: a sale, a return, a payment on account or the float changed while you counted. Check the count and save again.`,
      );
    const difference = input.counted_cash - expected;
    const saved = await trx
      .insertInto('cash_ups')
      .values({
        user_id: cashier.id,
        day: input.date,
        opened_at: window.from,
        closed_at: window.until,
        ...last,
        opening_float: input.opening_float,
        cash_taken: f.cash_taken,
        change_given: f.change_given,
        cash_refunds: f.cash_refunds,
        cash_paid_out: f.cash_paid_out,
        expected_cash: expected,
        counted_cash: input.counted_cash,
        difference,
        by_method: JSON.stringify(f.by_method),
        note: input.note ?? null,
        created_by: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordCounted(trx, saved.id, cashier.id, window);
    await writeAudit(trx, ctx, {
      type: 'Sales',
      activity: 'Cash-up',
      details: `Cash-up No. ${saved.id} of ${cashier.name} for ${input.date}: float ${formatMoney(input.opening_float)}, expected ${formatMoney(expected)}, counted ${formatMoney(input.counted_cash)}, difference ${formatMoney(difference)} UGX`,
    });
    return { id: saved.id, expected_cash: expected, difference };
  });
}

/**
 * A recount of a saved cash-up: the drawer counted again. A new record with the first's window and figures, the new
 * counted cash (and float, when given) and the reason; it counts no sale or return itself. A recount of a recount
 * refers to the same first cash-up, so each cash-up's counts are one list and the latest is the one in force.
 */
export async function recountCashUp(db: Database, id: number, input: CashUpRecountInput, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    const counted = await trx.selectFrom('cash_ups').select('recount_of').where('id', '=', id).executeTakeFirst();
    if (!counted) throw notFound('Cash-up');
    const firstId = counted.recount_of ?? id;
    // One recount of a cash-up at a time, so "was" below is the count in force when this one is saved.
    await sql`SELECT 1 FROM cash_ups WHERE id = ${firstId} FOR UPDATE`.execute(trx);
    const first = await trx
      .selectFrom('cash_ups as c')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select('u.name as cashier')
      .select(sql<string>`to_char(c.day, 'YYYY-MM-DD')`.as('shop_day'))
      .where('c.id', '=', firstId)
      .executeTakeFirstOrThrow();
    const latest = await trx
      .selectFrom('cash_ups')
      .select(['counted_cash', 'difference'])
      .where((eb) => eb.or([eb('id', '=', firstId), eb('recount_of', '=', firstId)]))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const openingFloat = input.opening_float ?? Number(first.opening_float);
    const expected = expectedCash(openingFloat, {
      cash_taken: Number(first.cash_taken),
      change_given: Number(first.change_given),
      cash_refunds: Number(first.cash_refunds),
      cash_paid_out: Number(first.cash_paid_out),
    });
    const difference = input.counted_cash - expected;
    const saved = await trx
      .insertInto('cash_ups')
      .values({
        user_id: first.user_id,
        day: first.shop_day,
        opened_at: first.opened_at,
        closed_at: first.closed_at,
        last_sale_id: null,
        last_return_id: null,
        last_payment_id: null,
        last_supplier_payment_id: null,
        opening_float: openingFloat,
        cash_taken: first.cash_taken,
        change_given: first.change_given,
        cash_refunds: first.cash_refunds,
        cash_paid_out: first.cash_paid_out,
        expected_cash: expected,
        counted_cash: input.counted_cash,
        difference,
        by_method: JSON.stringify(first.by_method),
        note: null,
        recount_of: firstId,
        reason: input.reason,
        created_by: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, ctx, {
      type: 'Sales',
      activity: 'Cash-up recount',
      details: `Recount No. ${saved.id} of cash-up No. ${firstId} (${first.cashier ?? 'N/A'}, ${first.shop_day}): counted ${formatMoney(input.counted_cash)} (was ${formatMoney(Number(latest.counted_cash))}), float ${formatMoney(openingFloat)}, expected ${formatMoney(expected)}, difference ${formatMoney(difference)} (was ${formatMoney(Number(latest.difference))}) UGX. Reason: ${input.reason}`,
    });
    return { id: saved.id, recount_of: firstId, expected_cash: expected, difference };
  });
}

/** One saved cash-up, with the other counts of the same cash-up (its first count and recounts), oldest first. */
export async function showCashUp(db: Database, actor: Actor, id: number) {
  const found = await cashUpsQuery(db, {}).where('c.id', '=', id).executeTakeFirst();
  if (!found) throw notFound('Cash-up');
  const mayReadAll = actor.keys.has('salesCashUpAll') || actor.keys.has('salesCashUpList');
  if (found.user_id !== actor.userId && !mayReadAll) throw accessDenied();
  const firstId = found.recount_of ?? found.id;
  const counts = await cashUpsQuery(db, {})
    .where((eb) => eb.or([eb('c.id', '=', firstId), eb('c.recount_of', '=', firstId)]))
    .clearOrderBy()
    .orderBy('c.id')
    .execute();
  return { ...found, counts };
}
