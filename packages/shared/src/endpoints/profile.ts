import { z } from 'zod';
import { changePasswordSchema } from '../auth.schemas.ts';
import { defineEndpoint, done, ok } from '../contract/endpoint.ts';
import { userRowSchema } from '../lists/people-lists.ts';
import { option } from './common.ts';

// The signed-in user's own details, the roles they are shown by name, and their password. Their own edit goes
// through /userupdate/:id (API.user.update) with their own id.

export const personalDetails = userRowSchema.pick({
  id: true,
  user_number: true,
  name: true,
  gender: true,
  nin: true,
  phone_number: true,
  email: true,
  role_id: true,
  role: true,
});
export type PersonalDetails = z.output<typeof personalDetails>;

export const profileEndpoints = {
  details: defineEndpoint({
    method: 'GET',
    path: '/userpersonaldetails',
    access: 'signedIn',
    resource: 'user',
    answer: ok(personalDetails),
    errors: [404],
    summary: 'The signed-in user’s own details',
  }),
  roles: defineEndpoint({
    method: 'GET',
    path: '/userroles',
    access: 'signedIn',
    resource: 'role',
    answer: ok(z.array(option)),
    summary: 'Every role by name (the user forms’ select)',
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/userchangepassword',
    access: 'signedIn',
    resource: 'session',
    body: changePasswordSchema,
    answer: done,
    summary: 'Change one’s own password (other sessions end)',
  }),
};
