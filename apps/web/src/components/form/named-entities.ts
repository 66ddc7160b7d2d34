import type { NamedEntity } from './NamedRecordForms.tsx';

export const ROLE: NamedEntity = {
  label: 'Role',
  list: '/rolelist',
  store: '/rolestore',
  update: '/roleupdate',
  show: '/roleshow',
};
export const CATEGORY: NamedEntity = {
  label: 'Category',
  list: '/categorylist',
  store: '/categorystore',
  update: '/categoryupdate',
  show: '/categoryshow',
  lookups: ['/getcategories'],
};
export const MEASUREMENT: NamedEntity = {
  label: 'Measurement',
  list: '/measurementlist',
  store: '/measurementstore',
  update: '/measurementupdate',
  show: '/measurementshow',
  lookups: ['/getmeasurements'],
};
