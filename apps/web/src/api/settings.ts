import { type AnswerOf, API, type InputOf } from '@duka/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callWith } from './client.ts';
import { invalidate, queryKeyOf, useCall, useCallWrite } from './queries.ts';

// The shop's settings: its name and images (which every page shows), security, e-mail and business information.

/** The shop's name, logo and favicon, which every page shows (main.tsx asks them before the first render). */
export const brandingQuery = () =>
  queryOptions({
    queryKey: queryKeyOf(API.settings.branding, {}),
    queryFn: () => call(API.settings.branding),
    staleTime: 5 * 60_000,
  });

const brandingOf = (answer: AnswerOf<typeof API.settings.branding>) => answer.data;

export function useBranding() {
  return useQuery({ ...brandingQuery(), select: brandingOf });
}

/** Saves the name and the images: a multipart form (`name`, and `logo`, `favicon`, `wallpaper` when chosen), which
 * the contract leaves to the handler to read. Every page's branding is asked again. */
export function useSaveAppearance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      callWith(API.settings.appearanceSave, { body: form } as InputOf<typeof API.settings.appearanceSave>),
    onSuccess: () => invalidate(client, 'appearance'),
  });
}

export function useSecuritySettings() {
  return useCall(API.settings.securityShow, {}, { select: (answer) => answer.data });
}
export function useSaveSecuritySettings() {
  return useCallWrite(API.settings.securitySave, ['securitySettings']);
}

export function useEmailSettings() {
  return useCall(API.settings.emailShow, {}, { select: (answer) => answer.data });
}
export function useSaveEmailSettings() {
  return useCallWrite(API.settings.emailSave, ['emailSettings']);
}

/** The business information, for its settings screen. */
export function useBusinessInfoSettings() {
  return useCall(API.settings.businessSettingsShow, {}, { select: (answer) => answer.data });
}
/** Receipts and invoices print it; the first steps tick it. */
export function useSaveBusinessInfo() {
  return useCallWrite(API.settings.businessSave, ['businessInfo', 'firstSteps']);
}
