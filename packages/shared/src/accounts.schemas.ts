import { z } from 'zod';
import { ENVIRONMENTS, GENDERS } from './constants.ts';
import { numeric, phoneNumber, requiredEmail, requiredText } from './fields.ts';

// Roles, users and categories.
/** Where a record is created when the client does not say: a shop's real records. */
export const DEFAULT_ENVIRONMENT: (typeof ENVIRONMENTS)[number] = 'PRODUCTION';
/**
 * The original client's environment of a new record, kept in the API. A shop owner seldom has a use for it, so a create
 * that leaves it out (or blank) makes a Production record; a value outside the three is still refused.
 */
export const environmentField = (message = 'Environment is required.') =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? DEFAULT_ENVIRONMENT : v),
    z.enum(ENVIRONMENTS, { error: message }),
  );

export const roleCreateSchema = z.object({
  name: requiredText('Name is required.', 100),
  environment: environmentField(),
});
export const roleUpdateSchema = z.object({ name: requiredText('Name is required.', 100) });
export const assignMenusSchema = z.object({
  selectedMenus: z.array(z.string().max(100), { error: 'Choose the permissions to assign.' }).max(500),
});

export const categoryCreateSchema = roleCreateSchema;
export const categoryUpdateSchema = roleUpdateSchema;

const userFields = {
  name: requiredText('Name is required.'),
  gender: z.enum(GENDERS, { error: 'Gender is required.' }),
  nin: requiredText('NIN is required.', 14),
  phone_number: phoneNumber(),
  email: requiredEmail(),
  role_id: numeric(
    z
      .number({ error: 'Role is required.' })
      .int({ error: 'Role is required.' })
      .positive({ error: 'Role is required.' }),
  ),
};
export const userUpdateSchema = z.object(userFields);
export const userCreateSchema = z.object({ ...userFields, environment: environmentField() });
export type UserCreateInput = z.infer<typeof userCreateSchema>;
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
