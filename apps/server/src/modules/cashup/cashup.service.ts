// The cash-up (issue 13): the expected figures of one cashier's shop day, and saving them with the counted cash.
// Once saved a cashier-day is read-only (a second save is refused); the sales after its cut-off count in the next.
// The save holds the cashier's till lock (till-lock.ts) and records the sales and returns it counted, so a sale or
// return committing meanwhile, or sent later from an offline till, is counted in exactly one cash-up.
import type { CashUpInput, CashUpQuery } from '@duka/shared';
import { formatMoney } from '@duka/shared';
import type { Database } from '../../db/connection.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { AppError, accessDenied, invalidField, notFound } from '../../platform/errors.ts';
import { shopDay } from '../../platform/period.ts';
import type { Actor } from '../../platform/sessions.ts';
import {
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

function checkDay(day: string, timeZone: string) {
  if (day > shopDay(timeZone)) throw invalidField('date', 'A cash-up cannot be for a day still to come.');
}

const savedOf = (db: Database, userId: number, day: string) =>
  cashUpsQuery(db, {}).where('c.user_id', '=', userId).where('c.day', '=', day).executeTakeFirst();

export async function showCashUpDay(db: Database, timeZone: string, actor: Actor, query: CashUpQuery) {
  const cashier = await cashierOf(db, actor, query.user_id);
  checkDay(query.date, timeZone);
  const saved = await savedOf(db, cashier.id, query.date);
  if (saved) return { ...saved, date: query.date, cashier, saved: true };
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
  checkDay(input.date, timeZone);
  return db.transaction().execute(async (trx) => {
    // One save at a time per cashier (the second waits, then finds the first), and none of the cashier's sales or
    // returns half-done while the figures are read.
    await closeTill(trx, cashier.id);
    const existing = await trx
      .selectFrom('cash_ups')
      .select('id')
      .where('user_id', '=', cashier.id)
      .where('day', '=', input.date)
      .executeTakeFirst();
    if (existing)
      throw new AppError(
        'conflict',
        `The cash-up of ${cashier.name} for ${input.date} is already saved; it cannot change.`,
      );
    // The cut-off is taken under the lock: whatever is dated before it and committed is counted now.
    const window = await windowOf(trx, cashier.id, input.date, timeZone, windowEnd(input.date, timeZone));
    const [f, last] = await Promise.all([cashUpFigures(trx, cashier.id, window), lastIds(trx, cashier.id)]);
    const expected = expectedCash(input.opening_float, f);
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
      details: `Cash-up of ${cashier.name} for ${input.date}: float ${formatMoney(input.opening_float)}, expected ${formatMoney(expected)}, counted ${formatMoney(input.counted_cash)}, difference ${formatMoney(difference)} UGX`,
    });
    return { id: saved.id, expected_cash: expected, difference };
  });
}

export async function showCashUp(db: Database, actor: Actor, id: number) {
  const found = await cashUpsQuery(db, {}).where('c.id', '=', id).executeTakeFirst();
  if (!found) throw notFound('Cash-up');
  const mayReadAll = actor.keys.has('salesCashUpAll') || actor.keys.has('salesCashUpList');
  if (found.user_id !== actor.userId && !mayReadAll) throw accessDenied();
  return found;
}
