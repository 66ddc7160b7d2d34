// The shop's details as the tests save them in Business Info (API tests and the browser tests alike).
import type { TestApp } from './test-app.ts';

export const KATO_HARDWARE = {
  business_name: 'Kato Hardware Ltd',
  business_reg_number: '80020001234567',
  business_tin: '1000234567',
  business_address: 'Plot 12, Jinja Road, Kampala',
  business_email: 'sales@katohardware.test',
  business_contact: '0772000111',
};

/** Saves Kato Hardware's Business Info, VAT-registered at `vat_rate` or not; throws unless the call succeeds. */
export async function saveVat(t: TestApp, token: string, vat_registered: 'Yes' | 'No', vat_rate = 18) {
  const res = await t.call('POST', '/api/businessinfosettingsstore', {
    token,
    body: { ...KATO_HARDWARE, vat_registered, vat_rate },
  });
  if (res.status !== 200) throw new Error(`Business Info not saved: ${res.status} ${JSON.stringify(res.body)}`);
}
