import { createHash, randomBytes, randomInt } from 'node:crypto';

// Secrets handed to clients are random; only their SHA-256 is stored.
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const newNumber = (prefix: string) => prefix + randomBytes(7).toString('hex').toUpperCase();
