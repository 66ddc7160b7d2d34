import { normalisePhone } from '@duka/shared';

// Partway through a country code (+, 2, +25, 256 77…): a 0 in front would make it another number.
const TYPING_COUNTRY_CODE = /^\+?(2(5(6\d{0,8})?)?)?$/;

/**
 * Phone numbers start with 0: it is put in front while typing, as the original client's forms do. A number with the
 * country code becomes the local form first (normalisePhone, as the server stores it), so +256772123456 is 0772123456.
 */
export function withLeadingZero(value: string): string {
  const phone = normalisePhone(value);
  if (phone === '' || phone.startsWith('0') || TYPING_COUNTRY_CODE.test(phone)) return phone;
  return `0${phone}`;
}
