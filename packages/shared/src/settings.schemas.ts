import { z } from 'zod';
import { SMTP_ENCRYPTIONS } from './constants.ts';
import { numeric, requiredEmail, requiredText, wholeNumber, yesNo } from './fields.ts';

export const securitySettingsSchema = z.object({
  security_settings_2fa: yesNo,
  security_settings_lowercase: yesNo,
  security_settings_uppercase: yesNo,
  security_settings_numbers: yesNo,
  security_settings_symbols: yesNo,
  security_settings_length: wholeNumber('Password length should be a number greater than or equal to 8.', 8).pipe(
    z.number().max(128, { error: 'Password length should be at most 128.' }),
  ),
  security_settings_expiry: wholeNumber('Password expiry should be a positive number.', 1),
  dormant_account_expiry: wholeNumber('Account expiry should be a positive number.', 1),
  security_settings_login_attempt: wholeNumber('Login attempts should be a positive number.', 1),
  security_settings_history_counts: wholeNumber('History count should be a number greater than or equal to 1.', 1),
  // Optional so the original client's form, which does not know it, keeps the stored value (default 30).
  sales_return_days: wholeNumber('Return days should be a number greater than or equal to 0.', 0).optional(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

const encryptionValues = SMTP_ENCRYPTIONS.map((e) => e.value) as [string, ...string[]];

export const emailSettingsSchema = z.object({
  sender_name: requiredText('Sender name is required.'),
  sender_email: requiredEmail('Sender email is required.'),
  smtp_auth: z.enum(['true', 'false'], { error: 'SMTP auth is required.' }),
  smtp_host: requiredText('SMTP host is required.'),
  smtp_username: requiredText('SMTP username is required.'),
  // Left empty on save, the stored password is kept: the server never sends it back.
  smtp_password: z.string().max(255).optional(),
  smtp_encryption: z.enum(encryptionValues, { error: 'SMTP encryption is required.' }),
  smtp_port: numeric(
    z.number({ error: 'SMTP port is required.' }).int().min(1, { error: 'SMTP port is required.' }).max(65535),
  ),
});
export type EmailSettingsInput = z.infer<typeof emailSettingsSchema>;
