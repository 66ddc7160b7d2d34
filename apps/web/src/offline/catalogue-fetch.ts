import { shopTimeZone } from '@duka/shared';
import { ApiError } from '../api/client.ts';
import { readToken } from '../platform/session-storage.ts';

/** What the worker answers: done, or the server's status and message. */
export type LocalCopyAnswer = { ok: true } | { ok: false; status: number; message: string };

/**
 * Fetches the till's copy and stores it, in a worker: with 100,000 batches /possnapshot is megabytes of
 * JSON, and reading and storing it on the page's thread froze the screen (bench/measurements.md, offline copy).
 */
export function fetchLocalCopy(): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./catalogue.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<LocalCopyAnswer>) => {
      worker.terminate();
      if (data.ok) resolve();
      else reject(new ApiError(data.status, data.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage({ token: readToken(), timeZone: shopTimeZone() });
  });
}
