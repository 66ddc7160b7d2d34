import { normalisePhone } from '@duka/shared';

// Partway through a country code (+, 2, +25, 256 77…): a 0 in front would make it another number.
const TYPING_COUNTRY_CODE = /^\+?(2(5(6\d{0,8})?)?)?$/;

/**
 * Phone numbers start with 0: it is put in front while typing, as the seeds' forms do, and a number typed or pasted
 * with the country code becomes the local form (normalisePhone, as the server stores it).
 */
export function withLeadingZero(value: string): string {
  if (TYPING_COUNTRY_CODE.test(value.replace(/[\s\-.()]/g, ''))) return value;
  return normalisePhone(value);
}
