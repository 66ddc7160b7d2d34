/** Phone numbers start with 0: it is put in front while typing, as the seeds' forms do. */
export function withLeadingZero(value: string): string {
  if (value === '') return value;
  return value.startsWith('0') ? value : `0${value}`;
}
