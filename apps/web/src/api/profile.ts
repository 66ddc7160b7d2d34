import { API } from 'virtual:contract-addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client.ts';
import { invalidate, useCall, useCallWrite } from './queries.ts';

// The signed-in user's own profile and password (the shell's session calls stay in auth.ts, loaded with the first
// page; these load with the profile screens).

/** The signed-in user's own details (My Personal Details). */
export function usePersonalDetails() {
  return useCall(API.profile.details, {}, { select: (answer) => answer.data });
}

/** One's own name, e-mail and phone (the current password when the e-mail changes), by one's own id. */
export function useUpdateProfile(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; email: string; phone_number: string; current_password?: string }) =>
      call(API.user.update, { params: { id }, body }),
    // The details and the shell's name.
    onSuccess: () => {
      void invalidate(client, 'user');
    },
  });
}

/** One's own password; the shell learns it no longer must be changed. */
export function useChangePassword() {
  return useCallWrite(API.profile.changePassword, ['session']);
}
