// How the Backups screen words times and sizes.

import { shopTimeZone } from '@duka/shared';

// One formatter per zone, built once (the zone is the shop's, learnt from the server at sign-in).
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormat = (timeZone: string) => {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    timeFormats.set(timeZone, format);
  }
  return format;
};

/** A backup's moment in the shop's clock, e.g. "23 Nov 2026, 21:00". */
export const describeTime = (iso: string) => timeFormat(shopTimeZone()).format(new Date(iso));

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
