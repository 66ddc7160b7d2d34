import { z } from 'zod';
import { can, defineEndpoint, done, doneWith, ok } from '../contract/endpoint.ts';
import { yesNo } from '../fields.ts';
import { businessInfoSchema } from '../sales.schemas.ts';
import { emailSettingsSchema, securitySettingsSchema } from '../settings.schemas.ts';

// The shop's settings: security (passwords, 2FA, the return window), e-mail (the SMTP server), appearance (name,
// logo, favicon, wallpaper) and the business information receipts and invoices print. Each group is one settings
// row read with its defaults.

/** The security settings as stored (defaults where never saved). */
export const securitySettingsShown = z.object({
  security_settings_2fa: yesNo,
  security_settings_lowercase: yesNo,
  security_settings_uppercase: yesNo,
  security_settings_numbers: yesNo,
  security_settings_symbols: yesNo,
  security_settings_length: z.number(),
  security_settings_expiry: z.number(),
  dormant_account_expiry: z.number(),
  security_settings_login_attempt: z.number(),
  security_settings_history_counts: z.number(),
  sales_return_days: z.number(),
});
export type SecuritySettingsShown = z.output<typeof securitySettingsShown>;

/** The e-mail settings as a client may see them: the password never, only whether one is stored. */
export const emailSettingsShown = z.object({
  sender_name: z.string(),
  sender_email: z.string(),
  smtp_auth: z.enum(['true', 'false']),
  smtp_host: z.string(),
  smtp_username: z.string(),
  smtp_encryption: z.string(),
  smtp_port: z.number(),
  /** Always '': the stored password is never sent back. */
  smtp_password: z.string(),
  has_smtp_password: z.boolean(),
});
export type EmailSettingsShown = z.output<typeof emailSettingsShown>;

/** The shop's name and the URL of each image (`/api/appearance/logo?v=7`), null where none is uploaded. */
export const appearanceShown = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  wallpaper: z.string().nullable(),
});
export type AppearanceShown = z.output<typeof appearanceShown>;

/** The images the appearance settings hold. */
export const APPEARANCE_IMAGES = ['logo', 'favicon', 'wallpaper'] as const;

/** The business information as stored (blank text where never saved), with its VAT registration and rate. */
export const businessInfoShown = z.object({
  business_name: z.string(),
  business_reg_number: z.string(),
  business_tin: z.string(),
  business_slogan: z.string(),
  business_address: z.string(),
  business_email: z.string(),
  business_contact: z.string(),
  business_website: z.string(),
  business_legal_disclaimer: z.string(),
  vat_registered: yesNo,
  vat_rate: z.number(),
});
export type BusinessInfoShown = z.output<typeof businessInfoShown>;

export const settingsEndpoints = {
  securityShow: defineEndpoint({
    method: 'GET',
    path: '/securitysettingslist',
    access: can('securitySettings'),
    resource: 'securitySettings',
    answer: ok(securitySettingsShown),
    summary: 'The security settings (password rules, 2FA, sign-in attempts, the return window).',
  }),
  securitySave: defineEndpoint({
    method: 'POST',
    path: '/securitysettingsstore',
    access: can('securitySettings'),
    resource: 'securitySettings',
    body: securitySettingsSchema,
    answer: done,
    summary: 'Saves the security settings; 2FA needs the e-mail settings first.',
  }),
  emailShow: defineEndpoint({
    method: 'GET',
    path: '/emailsettingslist',
    access: can('emailSettings'),
    resource: 'emailSettings',
    answer: ok(emailSettingsShown),
    summary: 'The e-mail (SMTP) settings, without the password.',
  }),
  emailSave: defineEndpoint({
    method: 'POST',
    path: '/emailsettingsstore',
    access: can('emailSettings'),
    resource: 'emailSettings',
    body: emailSettingsSchema,
    answer: done,
    summary: 'Saves the e-mail (SMTP) settings; a blank password keeps the stored one.',
  }),
  /** The sign-in page's branding: public. */
  branding: defineEndpoint({
    method: 'GET',
    path: '/getlogofavicon',
    access: 'public',
    resource: 'appearance',
    answer: ok(appearanceShown),
    summary: "The shop's name and image URLs, for the sign-in page.",
  }),
  appearanceShow: defineEndpoint({
    method: 'GET',
    path: '/appearancesettingslist',
    access: 'signedIn',
    resource: 'appearance',
    answer: ok(appearanceShown),
    summary: "The shop's name and image URLs, for the shell.",
  }),
  /** An uploaded image, PNG or JPEG by its bytes; 304 to a matching If-None-Match. */
  appearanceImage: defineEndpoint({
    method: 'GET',
    path: '/appearance/:kind',
    access: 'public',
    resource: 'appearance',
    params: z.object({ kind: z.enum(APPEARANCE_IMAGES) }),
    answer: { file: 'image/*' },
    summary: 'An uploaded logo, favicon or wallpaper (PNG or JPEG; 304 when the ETag matches).',
  }),
  /** A multipart form: `name`, and optionally `logo`, `favicon`, `wallpaper` (PNG or JPEG, at most 2 MB each). */
  appearanceSave: defineEndpoint({
    method: 'POST',
    path: '/appearancesettingsstore',
    access: can('appearanceSettings'),
    resource: 'appearance',
    answer: doneWith(appearanceShown),
    errors: [422],
    summary:
      'Saves the name and images. Body: a multipart form (name; logo, favicon, wallpaper: PNG or JPEG, at most 2 MB each).',
  }),
  /** Receipts and invoices print it, so every signed-in user may read it. */
  businessShow: defineEndpoint({
    method: 'GET',
    path: '/getbusinessinfosettings',
    access: 'signedIn',
    resource: 'businessInfo',
    answer: ok(businessInfoShown),
    summary: 'The business information printed on receipts and invoices.',
  }),
  businessSettingsShow: defineEndpoint({
    method: 'GET',
    path: '/businessinfosettingslist',
    access: can('businessInfoSettings'),
    resource: 'businessInfo',
    answer: doneWith(businessInfoShown),
    summary: 'The business information, for its settings screen.',
  }),
  businessSave: defineEndpoint({
    method: 'POST',
    path: '/businessinfosettingsstore',
    access: can('businessInfoSettings'),
    resource: ['businessInfo', 'firstSteps'],
    body: businessInfoSchema,
    answer: done,
    summary: 'Saves the business information; VAT fields not sent keep their stored values.',
  }),
};
