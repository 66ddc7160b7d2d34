// The checklist an Administrator sees on a new shop's home screen: its steps, in order, with the screen each opens.
// The server says which are done (computed from the shop's data), the web words and links them.

export const FIRST_STEPS = [
  {
    key: 'business',
    label: 'Enter your business details',
    hint: 'Name, address, phone and TIN for receipts',
    path: '/businessinfosettings',
  },
  {
    key: 'vat',
    label: 'Decide on VAT',
    hint: 'Registered or not, on the Business Info screen',
    path: '/businessinfosettings',
  },
  {
    key: 'products',
    label: 'Add your first products',
    hint: 'Then receive them as stock records',
    path: '/productlist',
  },
  {
    key: 'users',
    label: 'Add the people who work with you',
    hint: 'A cashier or a storekeeper, each with a role',
    path: '/userlist',
  },
  { key: 'backups', label: 'Set up backups', hint: 'Take a backup or set its passphrase', path: '/backupsettings' },
] as const;

export type FirstStepKey = (typeof FIRST_STEPS)[number]['key'];

/** GET /api/firststeps: each step done or not; shown while one is left and nobody dismissed it. */
export interface FirstSteps {
  done: Record<FirstStepKey, boolean>;
  dismissed: boolean;
  show: boolean;
}
