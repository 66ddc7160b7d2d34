// The trash contract of the records stock batches refer to (brands, products, measurements, suppliers), proved once
// here and run by each module's test: kept out of the trash while stock is on hand, restored whole, purged only when no
// batch refers to it any more, and still named on old stock rows once trashed.
import { beforeAll, describe, expect, it } from 'vitest';
import { auditCount, lastAudit, type StockRefs } from './catalogue-fixtures.ts';
import type { SignedIn } from './crud-contract.ts';
import type { TestApp } from './test-app.ts';

export interface StockReferenceContract {
  word: 'brand' | 'product' | 'measurement' | 'supplier';
  label: string;
  table: 'brands' | 'products' | 'measurements' | 'suppliers';
  /** Bulk delete call and field: '/api/brandsdelete', 'brand_ids'. */
  bulkDelete: { path: string; field: string };
  /** Makes a live record named `name`, used by no stock. */
  make: (name: string) => Promise<number>;
  /** Its name in a catalogue chain made with `label` (make.chain): 'Purge' → 'Purge Brand'. */
  chainName: (label: string) => string;
  /** Its name in the trash and the audit log; the record's name when absent (a supplier adds its number). */
  trashName?: (id: number) => Promise<string>;
  /** The refusal while one batch of 10 is on hand. */
  onHand: string;
  /** The refusal of a permanent delete while a batch in the trash refers to it. */
  stillUsed: string;
  /** Runs once no batch refers to the record, before its permanent delete (a product's brands). */
  beforePurge?: (refs: StockRefs) => Promise<void>;
}

export function stockReferenceContract(app: () => SignedIn, spec: StockReferenceContract) {
  const { word, label } = spec;
  const idOf = (refs: StockRefs) => refs[`${word}_id`];
  const row = (id: number) =>
    app().t.db.selectFrom(spec.table).select(['name', 'deleted_at']).where('id', '=', id).executeTakeFirst();
  const trashName = async (id: number) => spec.trashName?.(id) ?? (await row(id))?.name;
  let t: TestApp;
  let admin: string;
  beforeAll(() => {
    ({ t, admin } = app());
  });
  const remove = (id: number) => t.call('DELETE', `/api/${word}delete/${id}`, { token: admin });

  describe(`a ${word} that stock refers to (stock reference contract)`, () => {
    it('stays out of the trash while stock is on hand, alone or in bulk, until that stock is gone', async () => {
      const { make } = app();
      const refs = await make.chain('Contract On Hand');
      const batch = await make.stock(refs);
      const before = await auditCount(t);
      expect(await remove(idOf(refs))).toMatchObject({ status: 409, body: { success: false, message: spec.onHand } });
      const bulk = await t.call('DELETE', spec.bulkDelete.path, {
        token: admin,
        body: { [spec.bulkDelete.field]: [idOf(refs)] },
      });
      expect(bulk).toMatchObject({ status: 409, body: { success: false, message: spec.onHand } });
      expect((await row(idOf(refs)))?.deleted_at).toBeNull();
      expect(await auditCount(t)).toBe(before);
      await make.emptyBatch(batch.id);
      expect((await remove(idOf(refs))).status).toBe(200);
    });

    it('restores it whole from the trash and audits it; a live record is not in the trash', async () => {
      const id = await spec.make('Contract Comeback');
      await remove(id);
      const res = await t.call('PUT', `/api/trashrestore/${word}/${id}`, { token: admin });
      expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Record restored successfully!' } });
      expect(res.body).toEqual({ success: true, message: 'Record restored successfully!' });
      expect(await row(id)).toMatchObject({ name: 'Contract Comeback', deleted_at: null });
      expect(await lastAudit(t)).toMatchObject({
        type: label,
        activity: 'Restore',
        details: `Restored ${word} "${await trashName(id)}" (id ${id}) from the trash`,
        user_id: app().adminId,
      });
      expect((await t.call('GET', `/api/${word}show/${id}`, { token: admin })).status).toBe(200);
      expect(await t.call('PUT', `/api/trashrestore/${word}/${id}`, { token: admin })).toMatchObject({
        status: 404,
        body: { success: false, message: 'Record not found.' },
      });
      expect(await t.call('DELETE', `/api/trashdelete/${word}/${id}`, { token: admin })).toMatchObject({
        status: 404,
        body: { success: false, message: 'Record not found.' },
      });
    });

    it('refuses a permanent delete while stock batches refer to it, then allows it', async () => {
      const refs = await app().make.chain('Contract Purge');
      const batch = await app().make.stock(refs);
      const id = idOf(refs);
      // The batch goes to the trash first (its stock on hand keeps the record out of it); there it still refers to it.
      expect((await t.call('DELETE', `/api/stockdelete/${batch.id}`, { token: admin })).status).toBe(200);
      expect((await remove(id)).status).toBe(200);
      expect(await t.call('DELETE', `/api/trashdelete/${word}/${id}`, { token: admin })).toMatchObject({
        status: 409,
        body: { success: false, message: spec.stillUsed },
      });
      expect(await row(id)).toBeDefined();
      expect((await t.call('DELETE', `/api/trashdelete/stock/${batch.id}`, { token: admin })).status).toBe(200);
      await spec.beforePurge?.(refs);
      const name = await trashName(id);
      const res = await t.call('DELETE', `/api/trashdelete/${word}/${id}`, { token: admin });
      expect(res).toMatchObject({ status: 200 });
      expect(res.body).toEqual({ success: true, message: 'Record deleted successfully!' });
      expect(await row(id)).toBeUndefined();
      expect(await lastAudit(t)).toMatchObject({
        type: label,
        activity: 'Permanent delete',
        details: `Deleted ${word} "${name}" (id ${id}) permanently`,
      });
    });

    it('keeps showing its name on old stock rows after it is trashed', async () => {
      const refs = await app().make.chain('Contract History');
      const batch = await app().make.stock(refs);
      await app().make.emptyBatch(batch.id);
      expect((await remove(idOf(refs))).status).toBe(200);
      const res = await t.call('GET', `/api/stockshow/${batch.id}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: batch.id,
        [`${word}_id`]: idOf(refs),
        [`${word}_name`]: spec.chainName('Contract History'),
      });
    });
  });
}
