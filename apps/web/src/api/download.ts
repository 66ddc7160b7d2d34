import type { Endpoint, InputOf } from '@duka/shared';
import { readToken } from '../platform/session-storage.ts';
import { ApiError, urlOf } from './client.ts';

/** Downloads the file an endpoint answers, named as the server names it in content-disposition; `fallbackName` when
 * it does not. */
export async function downloadFile<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  fallbackName: string,
): Promise<void> {
  const token = readToken();
  if (!token) throw new ApiError(401, 'No token found');
  const response = await fetch(urlOf(endpoint, input), { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, body.message ?? 'The export failed. Please try again.');
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = disposition.match(/filename="?([^";]+)"?/)?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The original client's fallback names: YYYY_MM_DD_name.ext. */
export function datedName(name: string, ext: string): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}_${pad(d.getMonth() + 1)}_${pad(d.getDate())}_${name}.${ext}`;
}
