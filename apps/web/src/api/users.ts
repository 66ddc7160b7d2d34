import { API, type ListEnvelope, type UserRecord } from '@duka/shared';
import type { z } from 'zod';
import { call } from './client.ts';

// Staff accounts beyond the list and form kits: the list's rows as declared, and lock/unlock.

/** The users' declared list (userList), its rows typed as declared (userRowSchema): the calls listEndpoints makes of
 * a declaration leave their rows unknown. */
export const USER_LIST = API.user.userList.list as Omit<typeof API.user.userList.list, 'answer'> & {
  answer: z.ZodType<ListEnvelope<UserRecord>>;
};

/** Locks an unlocked user (their sessions end) or unlocks a locked one. */
export const lockUnlockUser = (id: number) => call(API.user.lockUnlock, { params: { id } });
