import { z } from 'zod';
import { GENDERS, MAX_PASSWORD_LENGTH } from './constants.ts';
import { numeric, phoneNumber, requiredEmail, requiredText } from './fields.ts';

export const loginSchema = z.object({
  email: requiredEmail(),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, { error: 'Password is required.' })
    .max(MAX_PASSWORD_LENGTH),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: requiredEmail() });

const userIdField = numeric(
  z
    .number({ error: 'User ID is missing.' })
    .int({ error: 'User ID is missing.' })
    .positive({ error: 'User ID is missing.' }),
);

export const verifyOtpSchema = z.object({
  otp: z.string({ error: 'OTP is required.' }).trim().min(1, { error: 'OTP is required.' }).max(12),
  user_id: userIdField,
});

export const resendOtpSchema = z.object({ user_id: userIdField });

export const changePasswordSchema = z
  .object({
    current_password: z
      .string({ error: 'current password is required.' })
      .min(1, { error: 'current password is required.' }),
    new_password: z
      .string({ error: 'new password is required.' })
      .min(1, { error: 'new password is required.' })
      .max(MAX_PASSWORD_LENGTH, { error: `The password may have at most ${MAX_PASSWORD_LENGTH} characters.` }),
    new_password_confirmation: z
      .string({ error: 'confirm new password is required.' })
      .min(1, { error: 'confirm new password is required.' }),
  })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    error: 'Passwords do not match.',
    path: ['new_password_confirmation'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The own-profile edit: gender, NIN and role are shown locked and ignored by the server. */
export const profileUpdateSchema = z.object({
  name: requiredText('Name is required.'),
  email: requiredEmail(),
  phone_number: phoneNumber(),
  gender: z.enum(GENDERS, { error: 'Gender is required.' }).optional(),
  nin: z.string().max(14).optional(),
  role_id: z.unknown().optional(),
  /** Needed only when the e-mail changes: the server checks it then. */
  current_password: z.string().max(MAX_PASSWORD_LENGTH).optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
