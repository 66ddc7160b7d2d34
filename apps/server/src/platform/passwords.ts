import { randomInt } from 'node:crypto';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, type SecuritySettings } from '@duka/shared';
import { hash, verify } from '@node-rs/argon2';

// Password hashing (argon2id) and the policy of the security settings, which sign-in and every password change obey.

export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

// Verifying against this keeps an unknown e-mail as slow as a wrong password, so timing does not tell which.
let decoyHash: Promise<string> | undefined;
export const decoy = () => {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  return decoyHash;
};

const COMMON_PASSWORDS = new Set(
  `password password1 password123 passw0rd 12345678 123456789 1234567890 qwerty123 qwertyuiop 11111111 00000000
  iloveyou abc12345 admin123 administrator welcome1 welcome123 letmein1 football baseball sunshine princess
  trustno1 superman 1q2w3e4r 1qaz2wsx zaq12wsx monkey123 dragon123 master123 changeme uganda123 kampala1
  kampala123 password! p@ssw0rd p@ssword qwerty12 asdfghjk asdf1234 12341234 87654321 123123123 987654321`
    .split(/\s+/)
    .filter(Boolean),
);

/** The first rule the password breaks, or undefined. History hashes are checked by the caller. */
export function checkPasswordPolicy(password: string, policy: SecuritySettings): string | undefined {
  const length = Math.max(MIN_PASSWORD_LENGTH, Number(policy.security_settings_length) || MIN_PASSWORD_LENGTH);
  if (password.length < length) return `The password must have at least ${length} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password may have at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (policy.security_settings_lowercase === 'Yes' && !/[a-z]/.test(password))
    return 'The password must contain a lower-case letter.';
  if (policy.security_settings_uppercase === 'Yes' && !/[A-Z]/.test(password))
    return 'The password must contain an upper-case letter.';
  if (policy.security_settings_numbers === 'Yes' && !/\d/.test(password)) return 'The password must contain a number.';
  if (policy.security_settings_symbols === 'Yes' && !/[^A-Za-z0-9]/.test(password))
    return 'The password must contain a symbol.';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'This password is too common. Choose another one.';
  return undefined;
}

/** A temporary password that satisfies any policy: every character class, 14 characters. */
export function generateTemporaryPassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#$%*?'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]);
  while (chars.length < 14) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
