import { authEndpoints } from 'virtual:contract-addresses';
import { type AnswerOf, type InputOf, type LoginInput, setShopTimeZone } from '@duka/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { lastKnown } from '../offline/last-known.ts';
import { readToken } from '../platform/session-storage.ts';
import { call, requestCsrfCookie } from './client.ts';
import { invalidate, queryKeyOf } from './queries.ts';

// Sign-in and the shell's session calls (who is signed in, what they may open, how long the session has left,
// sign-out). Loaded with the first page, this file calls through its contracts' addresses (vite.config.ts,
// contractAddresses): the contracts would bring zod and their schemas into that page.

export async function login(input: LoginInput) {
  await requestCsrfCookie();
  return call(authEndpoints.login, { body: input });
}
export async function verifyOtp(otp: string, userId: number) {
  await requestCsrfCookie();
  return call(authEndpoints.verifyOtp, { body: { otp, user_id: userId } });
}
export async function resendOtp(userId: number) {
  await requestCsrfCookie();
  return call(authEndpoints.resendOtp, { body: { user_id: userId } });
}
export async function forgotPassword(email: string) {
  await requestCsrfCookie();
  return call(authEndpoints.forgotPassword, { body: { email } });
}
export const logout = () => call(authEndpoints.logout);
export const checkSession = () => call(authEndpoints.session);

/** A sign-in (or its second factor) succeeded: the session's questions are asked again under the new token. */
export const refreshSession = (client: QueryClient) => invalidate(client, 'session');

/** Who is signed in; the shop's time zone comes with it. */
export const meQuery = () =>
  queryOptions({
    queryKey: queryKeyOf(authEndpoints.signedInUser, {}),
    queryFn: async () => {
      const answer = await lastKnown('me', () => call(authEndpoints.signedInUser));
      setShopTimeZone(answer.data.time_zone);
      return answer;
    },
    enabled: Boolean(readToken()),
    staleTime: 60_000,
    // Asked even offline, where the last answer stands in (last-known.ts); paused, the shell would wait forever.
    networkMode: 'always',
  });

const accessInput = (menu: readonly string[]): InputOf<typeof authEndpoints.accessMenus> => ({
  body: { menuArray: [...menu] },
});

/** Which of `menu`'s keys the signed-in user holds. */
export const accessQuery = (menu: readonly string[]) =>
  queryOptions({
    queryKey: queryKeyOf(authEndpoints.accessMenus, accessInput(menu)),
    queryFn: () => lastKnown(`access:${menu.join(',')}`, () => call(authEndpoints.accessMenus, accessInput(menu))),
    enabled: Boolean(readToken()),
    staleTime: 60_000,
    // Asked even offline, where the last answer stands in (last-known.ts); paused, the shell would wait forever.
    networkMode: 'always',
  });

// Module-level, so each answer is selected once: the same user and the same set while the answer stays the same.
const userOf = (answer: AnswerOf<typeof authEndpoints.signedInUser>) => answer.data.user;
const heldKeys = (answer: AnswerOf<typeof authEndpoints.accessMenus>) => new Set(answer.hasAccess);

export function useMe() {
  return useQuery({ ...meQuery(), select: userOf });
}

export function useAccess(menu: readonly string[]) {
  return useQuery({ ...accessQuery(menu), select: heldKeys });
}
