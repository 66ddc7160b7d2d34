// The till tests' shop (sales payments, cash-ups, returns): the app with both demo users signed in and two batches
// to sell from, made through the API as a storekeeper would.
import { signedInApp } from './crud-contract.ts';
import { makeCatalogue, receiveBatch } from './stock-fixtures.ts';

/** Cement (sold at 35,000, cost 30,000) and nails (7,500, cost 5,000), 100 of each, beside the signed-in app. */
export async function tillShop() {
  const app = await signedInApp();
  const { t, admin } = app;
  const stocked = async (name: string | undefined, unit_price: number, sale_price: number) =>
    receiveBatch(t, admin, await makeCatalogue(t, admin, name), { quantity: 100, unit_price, sale_price });
  return { ...app, cement: await stocked(undefined, 30_000, 35_000), nails: await stocked('Nails', 5_000, 7_500) };
}
