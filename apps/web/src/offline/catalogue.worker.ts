import { API } from 'virtual:contract-addresses';
import { type AnswerOf, formatTime } from '@duka/shared';
import { fetchEndpoint } from '../api/client.ts';
import type { LocalCopyAnswer } from './catalogue-fetch.ts';
import { expandSnapshot } from './expand-snapshot.ts';
import { type CopyStamp, localDb } from './local-db.ts';

// The worker of catalogue-fetch.ts: the till's snapshot (API.sale.snapshot) with the session's token, then the copy
// stored in IndexedDB with its stamp (the time it was taken, on the shop's clock), all off the page's thread. The
// client's fetchEndpoint reads no storage: the token and the shop's time zone come from the page.
const scope = self as unknown as {
  onmessage: (event: MessageEvent<{ token: string | null; timeZone: string }>) => void;
  postMessage: (answer: LocalCopyAnswer) => void;
};

scope.onmessage = async ({ data: { token, timeZone } }) => {
  try {
    const response = await fetchEndpoint(API.sale.snapshot, undefined, {
      credentials: 'include',
      headers: { Accept: 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    });
    const body = (await response.json().catch(() => ({}))) as Partial<AnswerOf<typeof API.sale.snapshot>> & {
      message?: string;
    };
    if (!response.ok || !body.data) {
      scope.postMessage({ ok: false, status: response.status, message: body.message ?? 'No local copy was sent.' });
      return;
    }
    const copy = expandSnapshot(body.data);
    const tx = (await localDb()).transaction('catalogue', 'readwrite');
    const stamp: CopyStamp = {
      id: 'stamp',
      taken_at: copy.taken_at,
      taken_at_time: formatTime(copy.taken_at, timeZone),
      taken_at_zone: timeZone,
    };
    await Promise.all([tx.store.put(copy), tx.store.put(stamp), tx.done]);
    scope.postMessage({ ok: true });
  } catch {
    scope.postMessage({ ok: false, status: 0, message: 'The server cannot be reached.' });
  }
};
