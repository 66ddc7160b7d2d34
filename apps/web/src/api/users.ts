import { API } from 'virtual:contract-addresses';
import { call } from './client.ts';

// Staff accounts beyond the list and form kits: lock/unlock.

/** Locks an unlocked user (their sessions end) or unlocks a locked one. */
export const lockUnlockUser = (id: number) => call(API.user.lockUnlock, { params: { id } });
