import { ApiError } from '../api/client.ts';
import { readToken } from '../platform/session-storage.ts';

// The shell's own answers (who is signed in, what they may do) kept from the last time they came: a till
// reloaded with the connection down still knows its cashier and opens the POS. Kept per session token, so a copy
// never outlives its sign-in, and used only when the server cannot be reached at all.
const storageKey = (name: string) => `dukaLastKnown:${name}`;

export async function lastKnown<T>(name: string, fetcher: () => Promise<T>): Promise<T> {
  const token = readToken();
  try {
    const value = await fetcher();
    localStorage.setItem(storageKey(name), JSON.stringify({ token, value }));
    return value;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 0) throw err;
    const kept = JSON.parse(localStorage.getItem(storageKey(name)) ?? 'null') as { token: string; value: T } | null;
    if (!kept || kept.token !== token) throw err;
    return kept.value;
  }
}
