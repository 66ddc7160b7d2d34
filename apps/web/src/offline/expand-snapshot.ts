import { NO_BRAND, type PosSnapshotAnswer } from '@duka/shared';
import type { CatalogueRecord } from './local-db.ts';

/** The server's normalised copy as the till searches it: one line per batch with its names and codes. */
export function expandSnapshot(snapshot: PosSnapshotAnswer): CatalogueRecord {
  const products = new Map(snapshot.products.map((p) => [p.id, p]));
  const brands = new Map(snapshot.brands.map((b) => [b.id, b.name]));
  const measurements = new Map(snapshot.measurements.map((m) => [m.id, m]));
  const batches = snapshot.batches.map((b) => {
    const product = products.get(b.product_id);
    return {
      ...b,
      product_name: product?.name ?? '',
      brand_name: b.brand_id === null ? NO_BRAND : (brands.get(b.brand_id) ?? ''),
      measurement_name: measurements.get(b.measurement_id)?.name ?? '',
      measurement_plural: measurements.get(b.measurement_id)?.plural ?? null,
      barcode: product?.barcode ?? null,
      sku: product?.sku ?? null,
    };
  });
  // A unit whose name the copy lacks cannot be shown or chosen: it is left out rather than sold nameless.
  const units = (snapshot.product_units ?? []).flatMap((u) => {
    const m = measurements.get(u.measurement_id);
    return m ? [{ ...u, name: m.name, plural: m.plural }] : [];
  });
  return { id: 'current', taken_at: snapshot.taken_at, batches, customers: snapshot.customers ?? [], units };
}
