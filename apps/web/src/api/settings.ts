import { settingsEndpoints } from 'virtual:contract-addresses';
import type { AnswerOf, InputOf } from '@duka/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callWith } from './client.ts';
import { invalidate, queryKeyOf, useCall, useCallWrite } from './queries.ts';

// The shop's settings: its name and images (which every page shows), security, e-mail and business information.
// Loaded with the first page (the branding), this file calls through its contracts' addresses (vite.config.ts,
// contractAddresses): the contracts would bring zod and their schemas into that page.

/** The shop's name, logo and favicon, which every page shows (main.tsx asks them before the first render). */
export const brandingQuery = () =>
  queryOptions({
    queryKey: queryKeyOf(settingsEndpoints.branding, {}),
    queryFn: () => call(settingsEndpoints.branding),
    staleTime: 5 * 60_000,
  });

const brandingOf = (answer: AnswerOf<typeof settingsEndpoints.branding>) => answer.data;

export function useBranding() {
  return useQuery({ ...brandingQuery(), select: brandingOf });
}

/** Saves the name and the images: a multipart form (`name`, and `logo`, `favicon`, `wallpaper` when chosen), which
 * the contract leaves to the handler to read. Every page's branding is asked again. */
export function useSaveAppearance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      callWith(settingsEndpoints.appearanceSave, { body: form } as InputOf<typeof settingsEndpoints.appearanceSave>),
    onSuccess: () => invalidate(client, 'appearance'),
  });
}

export function useSecuritySettings() {
  return useCall(settingsEndpoints.securityShow, {}, { select: (answer) => answer.data });
}
export function useSaveSecuritySettings() {
  return useCallWrite(settingsEndpoints.securitySave, ['securitySettings']);
}

export function useEmailSettings() {
  return useCall(settingsEndpoints.emailShow, {}, { select: (answer) => answer.data });
}
export function useSaveEmailSettings() {
  return useCallWrite(settingsEndpoints.emailSave, ['emailSettings']);
}

/** The business information, for its settings screen. */
export function useBusinessInfoSettings() {
  return useCall(settingsEndpoints.businessSettingsShow, {}, { select: (answer) => answer.data });
}
/** Receipts and invoices print it; the first steps tick it. */
export function useSaveBusinessInfo() {
  return useCallWrite(settingsEndpoints.businessSave, ['businessInfo', 'firstSteps']);
}
