import { z } from 'zod';
import { idField } from '../catalogue.schemas.ts';
import { GENDERS } from '../constants.ts';
import { instant } from '../contract/endpoint.ts';
import { blankAsAbsent } from '../list.schemas.ts';
import { defineList, listCalls } from './declaration.ts';

// The lists of people the shop deals with: its users and its suppliers.

/** The users list's filters; a blank one is no filter. */
export const userFilterSchema = z.object({
  gender: z.preprocess(blankAsAbsent, z.enum(GENDERS, { error: 'Gender must be Female or Male.' }).optional()),
  role: z.preprocess(blankAsAbsent, idField('Role must be a role id.').optional()),
});

export const userRowSchema = z.object({
  id: z.number(),
  user_number: z.string(),
  name: z.string(),
  gender: z.string(),
  nin: z.string(),
  phone_number: z.string(),
  email: z.string(),
  role_id: z.number(),
  role: z.string(),
  role_is_admin: z.boolean(),
  /** Locked by an administrator or, for a while, by failed sign-ins. */
  is_locked: z.union([z.literal(0), z.literal(1)]),
  /** Locked or Unlocked, from is_locked. */
  status: z.string(),
  environment: z.string(),
  created_at: instant,
});
export type UserRecord = z.infer<typeof userRowSchema>;

export const userList = defineList({
  title: 'Users',
  ...listCalls('user', 'users'),
  keys: { list: 'userList', export: 'userExport', filter: 'userFilter' },
  filter: userFilterSchema,
  row: userRowSchema,
  columns: [
    { header: 'User Number', screenHeader: 'USER NUMBER/ID', field: 'user_number', kind: 'text' },
    { header: 'Name', field: 'name', kind: 'text' },
    { header: 'Gender', field: 'gender', kind: 'text' },
    { header: 'Contact', field: 'phone_number', kind: 'text' },
    { header: 'Email', field: 'email', kind: 'text' },
    { header: 'Role', field: 'role', kind: 'text' },
    { header: 'Status', field: 'status', kind: 'status' },
    { header: 'Date', field: 'created_at', kind: 'date' },
  ],
});

export const supplierListRowSchema = z.object({
  id: z.number(),
  supplier_number: z.string(),
  name: z.string(),
  phone_number: z.string(),
  email: z.string(),
  tin: z.string(),
  country: z.string(),
  address: z.string(),
  environment: z.string(),
  created_at: instant,
});
export type SupplierRecord = z.infer<typeof supplierListRowSchema>;

export const supplierList = defineList({
  title: 'Suppliers',
  ...listCalls('supplier', 'suppliers'),
  keys: { list: 'supplierList', export: 'supplierExport' },
  row: supplierListRowSchema,
  columns: [
    { header: 'Supplier Number', screenHeader: 'SUPPLIER NUMBER/ID', field: 'supplier_number', kind: 'text' },
    { header: 'Name', field: 'name', kind: 'text' },
    { header: 'Contact', field: 'phone_number', kind: 'text' },
    { header: 'Email', field: 'email', kind: 'text' },
    { header: 'TIN', field: 'tin', kind: 'text' },
    { header: 'Country', field: 'country', kind: 'text' },
    { header: 'Address', field: 'address', kind: 'text' },
    { header: 'Date', field: 'created_at', kind: 'date' },
  ],
});
