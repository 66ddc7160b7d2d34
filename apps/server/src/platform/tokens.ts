import { createHash, randomBytes, randomInt } from 'node:crypto';

// Secrets handed to clients are random; only their SHA-256 is stored.
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/**
 * Random bytes in a record's number (sale, batch, user, supplier): 14 hexadecimal digits after its prefix. Every
 * number of a prefix is as long as the others, which the sales list's search relies on (sales.queries.ts).
 */
const NUMBER_BYTES = 7;
export const newNumber = (prefix: string) => prefix + randomBytes(NUMBER_BYTES).toString('hex').toUpperCase();
/** `text` is a record's number of `prefix`, as newNumber makes them, in any case. */
export const isRecordNumber = (prefix: string, text: string) =>
  new RegExp(`^${prefix}[0-9a-f]{${2 * NUMBER_BYTES}}$`, 'i').test(text);
