import { type EmailSettingsInput, type LoginInput, type SecuritySettings, setShopTimeZone } from '@duka/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lastKnown } from '../offline/last-known.ts';
import { readToken } from '../platform/session-storage.ts';
import { api } from './client.ts';

// Query hooks for sign-in, the shell, the profile and the security and e-mail settings.
export const keys = {
  me: ['loggedinuser'] as const,
  access: (menu: readonly string[]) => ['accessmenus', ...menu] as const,
  branding: ['getlogofavicon'] as const,
  personal: ['userpersonaldetails'] as const,
  roles: ['userroles'] as const,
  security: ['securitysettings'] as const,
  email: ['emailsettings'] as const,
};

export interface Me {
  id: number;
  name: string;
  email: string;
  role_name: string;
  /** Only an Administrator may change an Administrator's account. */
  is_admin: boolean;
  must_change_password: boolean;
}

export interface LoginAnswer {
  message: string;
  data: { token?: string; must_change_password?: boolean; user?: { id: number } };
}

const csrf = () => fetch('/sanctum/csrf-cookie', { credentials: 'include' }).catch(() => undefined);

export async function login(input: LoginInput) {
  await csrf();
  return api<LoginAnswer>('POST', '/login', input, { auth: false });
}
export async function verifyOtp(otp: string, userId: number) {
  await csrf();
  return api<LoginAnswer>('POST', '/verifyotp', { otp, user_id: userId }, { auth: false });
}
export async function resendOtp(userId: number) {
  await csrf();
  return api<{ message: string }>('POST', '/getotp', { user_id: userId }, { auth: false });
}
export async function forgotPassword(email: string) {
  await csrf();
  return api<{ message: string }>('POST', '/forgotpassword', { email }, { auth: false });
}
export const logout = () => api<{ message: string }>('POST', '/logout', {});
export const checkSession = () => api<{ remaining_time_in_minutes: number }>('GET', '/session');

/** Who is signed in; the shop's time zone comes with it. */
export const meQuery = () =>
  queryOptions({
    queryKey: keys.me,
    queryFn: async () => {
      const { data } = await lastKnown('me', () =>
        api<{ data: { user: Me; time_zone: string } }>('GET', '/loggedinuser'),
      );
      setShopTimeZone(data.time_zone);
      return data.user;
    },
    enabled: Boolean(readToken()),
    staleTime: 60_000,
    // Asked even offline, where the last answer stands in (last-known.ts); paused, the shell would wait forever.
    networkMode: 'always',
  });

/** Which of `menu`'s keys the signed-in user holds. */
export const accessQuery = (menu: readonly string[]) =>
  queryOptions({
    queryKey: keys.access(menu),
    queryFn: async () =>
      new Set(
        (
          await lastKnown(`access:${menu.join(',')}`, () =>
            api<{ hasAccess: string[] }>('POST', '/accessmenus', { menuArray: menu }),
          )
        ).hasAccess,
      ),
    enabled: Boolean(readToken()),
    staleTime: 60_000,
    // Asked even offline, where the last answer stands in (last-known.ts); paused, the shell would wait forever.
    networkMode: 'always',
  });

export function useMe() {
  return useQuery(meQuery());
}

export function useAccess(menu: readonly string[]) {
  return useQuery(accessQuery(menu));
}

export interface Branding {
  name: string;
  logo: string | null;
  favicon: string | null;
  wallpaper: string | null;
}
/** The shop's name, logo and favicon, which every page shows (main.tsx asks them before the first render). */
export const brandingQuery = () =>
  queryOptions({
    queryKey: keys.branding,
    queryFn: async () => (await api<{ data: Branding }>('GET', '/getlogofavicon', undefined, { auth: false })).data,
    staleTime: 5 * 60_000,
  });

export function useBranding() {
  return useQuery(brandingQuery());
}

export interface PersonalDetails {
  id: number;
  user_number: string;
  name: string;
  gender: string;
  nin: string;
  phone_number: string;
  email: string;
  role_id: number;
  role: string;
}
export function usePersonalDetails() {
  return useQuery({
    queryKey: keys.personal,
    queryFn: async () => (await api<{ data: PersonalDetails }>('GET', '/userpersonaldetails')).data,
  });
}

export function useUpdateProfile(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; email: string; phone_number: string; current_password?: string }) =>
      api<{ message: string }>('PUT', `/userupdate/${id}`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.personal });
      void client.invalidateQueries({ queryKey: keys.me });
    },
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { current_password: string; new_password: string; new_password_confirmation: string }) =>
      api<{ message: string }>('POST', '/userchangepassword', body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.me }),
  });
}

export function useSecuritySettings() {
  return useQuery({
    queryKey: keys.security,
    queryFn: async () => (await api<{ data: SecuritySettings }>('GET', '/securitysettingslist')).data,
  });
}
export function useSaveSecuritySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => api<{ message: string }>('POST', '/securitysettingsstore', body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.security }),
  });
}

export type EmailSettings = EmailSettingsInput & { has_smtp_password: boolean };
export function useEmailSettings() {
  return useQuery({
    queryKey: keys.email,
    queryFn: async () => (await api<{ data: EmailSettings }>('GET', '/emailsettingslist')).data,
  });
}
export function useSaveEmailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailSettingsInput) => api<{ message: string }>('POST', '/emailsettingsstore', body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.email }),
  });
}
