import { z } from 'zod';
import { forgotPasswordSchema, loginSchema, resendOtpSchema, verifyOtpSchema } from '../auth.schemas.ts';
import { defineEndpoint, done, doneWith, ok } from '../contract/endpoint.ts';

// Sign-in (password, the second factor, a forgotten password) and the shell's calls: who is signed in, which menus
// they may open, how long the session has left, sign-out.

/** A session's token, and whether the password must be changed before anything else. */
export const sessionStart = z.object({ token: z.string(), must_change_password: z.boolean() });
export type SessionStart = z.output<typeof sessionStart>;

/** The second factor is on: the code was e-mailed and /verifyotp finishes the sign-in for this user. */
export const secondFactorPending = z.object({ user: z.object({ id: z.number() }) });
export type SecondFactorPending = z.output<typeof secondFactorPending>;

/** The signed-in user as the shell shows them, and the shop's business time zone. */
export const signedInUser = z.object({
  user: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    role_name: z.string(),
    is_admin: z.boolean(),
    must_change_password: z.boolean(),
  }),
  time_zone: z.string(),
});
export type SignedInUser = z.output<typeof signedInUser>;

export const accessMenusSchema = z.object({ menuArray: z.array(z.string().max(100)).max(500) });

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/login',
    access: 'public',
    resource: 'session',
    body: loginSchema,
    answer: doneWith(z.union([sessionStart, secondFactorPending])),
    // A refused sign-in answers 401 though the call is public.
    errors: [401],
    summary: 'Sign in with e-mail and password: a session, or the second factor to come',
  }),
  verifyOtp: defineEndpoint({
    method: 'POST',
    path: '/verifyotp',
    access: 'public',
    resource: 'session',
    body: verifyOtpSchema,
    answer: doneWith(sessionStart),
    summary: 'Finish a sign-in with the e-mailed one-time code',
  }),
  resendOtp: defineEndpoint({
    method: 'POST',
    path: '/getotp',
    access: 'public',
    resource: 'session',
    body: resendOtpSchema,
    answer: done,
    summary: 'E-mail a new one-time code for a sign-in under way',
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/forgotpassword',
    access: 'public',
    resource: 'session',
    body: forgotPasswordSchema,
    answer: done,
    summary: 'E-mail a temporary password to an account’s address',
  }),
  signedInUser: defineEndpoint({
    method: 'GET',
    path: '/loggedinuser',
    access: 'signedIn',
    resource: ['session', 'user'],
    answer: ok(signedInUser),
    summary: 'The signed-in user and the shop’s time zone',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/logout',
    access: 'signedIn',
    resource: 'session',
    answer: done,
    summary: 'Sign out: end this session',
  }),
  accessMenus: defineEndpoint({
    method: 'POST',
    path: '/accessmenus',
    access: 'signedIn',
    resource: 'session',
    body: accessMenusSchema,
    answer: z.object({ success: z.literal(true), hasAccess: z.array(z.string()) }),
    summary: 'Which of these permission keys the signed-in user holds',
  }),
  session: defineEndpoint({
    method: 'GET',
    path: '/session',
    access: 'signedIn',
    resource: 'session',
    answer: z.object({ success: z.literal(true), remaining_time_in_minutes: z.number() }),
    summary: 'Minutes left before the idle session ends (does not keep it alive)',
  }),
};
