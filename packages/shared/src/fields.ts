import { z } from 'zod';
import { normalisePhone } from './format.ts';

// Field builders shared by every schema, so client and server say the same message.
/** Whether a number has at most `places` decimals, allowing for binary floating point (0.1 + 0.2). */
export const hasAtMostDecimals = (n: number, places: number) => {
  const scaled = n * 10 ** places;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
};

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^0\d*$/;

// Characters that print nothing: zero-width space, non-joiner and joiner, word joiner, byte order mark, soft hyphen.
const EDGE_BLANKS = /^[\s\u200B-\u200D\u2060\uFEFF\u00AD]+|[\s\u200B-\u200D\u2060\uFEFF\u00AD]+$/g;

/** Trims spaces and invisible characters from both ends; inside the text they may be meant (joiners in scripts). */
export const trimBlanks = (value: string) => value.replace(EDGE_BLANKS, '');

// Bidirectional controls (embeddings, overrides, isolates, and the marks LRM, RLM and ALM) reorder the text shown
// around them: a right-to-left override makes a name read backwards on lists and receipts, so one name can pass for
// another. The shop's names and notes have no use for them.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** What every stored text field keeps of its input: bidi controls removed wherever they are, blanks trimmed. */
export const cleanText = (value: string) => trimBlanks(value.replace(BIDI_CONTROLS, ''));

/** An optional text field: cleaned (cleanText) and at most `max` characters; what it does with blank is the caller's. */
export const optionalTextField = (max: number) =>
  z
    .string()
    .overwrite(cleanText)
    .max(max, { error: `At most ${max} characters.` });

/** A string that must be present and non-blank (invisible characters alone are blank); `message` is said for both. */
export const requiredText = (message: string, max = 255) =>
  z
    .string({ error: message })
    .overwrite(cleanText)
    .min(1, { error: message, abort: true })
    .max(max, { error: `At most ${max} characters.` });

export const requiredEmail = (required = 'Email is required.', invalid = 'Invalid email format.') =>
  requiredText(required).regex(EMAIL_PATTERN, { error: invalid });

/** A phone field: required, normalised (normalisePhone), then digits starting with 0. */
export const phoneField = (required: string, invalid: string, max = 18) =>
  requiredText(required, max).overwrite(normalisePhone).regex(PHONE_PATTERN, { error: invalid });

export const phoneNumber = (
  required = 'Phone number is required.',
  invalid = 'Invalid phone number format. Please enter only digits.',
  max = 18,
) => phoneField(required, invalid, max);

export const yesNo = z.enum(['Yes', 'No'], { error: 'Choose Yes or No.' });

// Plain decimal notation: what a form field holds. Not hexadecimal, exponents, "Infinity" or blanks.
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A number that may arrive as decimal text (form fields, query strings), parsed strictly: unlike z.coerce.number,
 * "0x10", true, [1], null and "" are refused by `schema` instead of read as 16, 1, 1, 0 and 0. Give `schema` its
 * "X is required." message: it is said for all of them.
 */
export const numeric = <T extends z.ZodType<number, number>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && DECIMAL_TEXT.test(v.trim()) ? Number(v) : v), schema);

/** An integer from a form field that may arrive as text. */
export const wholeNumber = (message: string, min: number) =>
  numeric(
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(1_000_000, { error: message }),
  );
