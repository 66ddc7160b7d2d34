import type { Transaction } from 'kysely';
import { nextDocumentNumber } from '../../platform/counters.ts';
import type { DB } from '../schema.ts';

// The demo shop's debt book: contractors who buy on account, so a first `npm start` can sell on credit at once.
const CUSTOMERS = [
  { name: 'Okello Builders Ltd', phone_number: '0772123456', tin: '1000234567', credit_limit: 2_000_000, terms: 30 },
  { name: 'Nakato Construction', phone_number: '0701234567', tin: '1000345678', credit_limit: 5_000_000, terms: 45 },
  { name: 'Ssebunya Hardware Site', phone_number: '0752345678', tin: null, credit_limit: 0, terms: 30 },
];

export async function seedDemoCustomers(trx: Transaction<DB>, adminId: number) {
  for (const c of CUSTOMERS) {
    await trx
      .insertInto('customers')
      .values({
        // Numbered as the app numbers them: from the shop's customer counter.
        customer_number: await nextDocumentNumber(trx, 'customer', 'CU'),
        name: c.name,
        phone_number: c.phone_number,
        tin: c.tin,
        credit_limit: c.credit_limit,
        payment_terms_days: c.terms,
        created_by: adminId,
      })
      .execute();
  }
}
