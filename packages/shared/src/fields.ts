import { z } from 'zod';

// Field builders shared by every schema, so client and server say the same message.
/** Whether a number has at most `places` decimals, allowing for binary floating point (0.1 + 0.2). */
export const hasAtMostDecimals = (n: number, places: number) => {
  const scaled = n * 10 ** places;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
};

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^0\d*$/;

/** A string that must be present and non-blank; `message` is said for both. */
export const requiredText = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `At most ${max} characters.` });

export const requiredEmail = (required = 'Email is required.', invalid = 'Invalid email format.') =>
  requiredText(required).regex(EMAIL_PATTERN, { error: invalid });

export const phoneNumber = (
  required = 'Phone number is required.',
  invalid = 'Invalid phone number format. Please enter only digits.',
  max = 18,
) => requiredText(required, max).regex(PHONE_PATTERN, { error: invalid });

export const yesNo = z.enum(['Yes', 'No'], { error: 'Choose Yes or No.' });

/** An integer from a form field that may arrive as text. */
export const wholeNumber = (message: string, min: number) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(1_000_000, { error: message });
