// The shop's details as the tests save them in Business Info (API tests and the browser tests alike).
export const KATO_HARDWARE = {
  business_name: 'Kato Hardware Ltd',
  business_reg_number: '80020001234567',
  business_tin: '1000234567',
  business_address: 'Plot 12, Jinja Road, Kampala',
  business_email: 'sales@katohardware.test',
  business_contact: '0772000111',
};
