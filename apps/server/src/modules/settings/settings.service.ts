// Security and e-mail settings: read with defaults, saved in one transaction with an audit row of what changed.
import type { EmailSettingsInput, SecuritySettings } from '@duka/shared';
import type { Database } from '../../db/connection.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { invalidField } from '../../platform/errors.ts';
import { readEmailSettings, type StoredEmailSettings } from '../../platform/mail.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { readSecuritySettings, writeSettings } from '../../platform/settings-store.ts';

export async function saveSecuritySettings(db: Database, input: SecuritySettings, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    const before = await readSecuritySettings(trx);
    if (input.security_settings_2fa === 'Yes') {
      // Codes go out by e-mail: without a mail server nobody could sign in any more.
      const mail = await readEmailSettings(trx);
      if (!mail.smtp_host || !mail.sender_email)
        throw invalidField(
          'security_settings_2fa',
          'Set up the email settings first: the one-time codes are sent by e-mail.',
        );
    }
    // A form that does not send the return window keeps the stored one.
    await writeSettings(trx, 'security', {
      ...input,
      sales_return_days: input.sales_return_days ?? before.sales_return_days,
    });
    await writeAudit(trx, ctx, {
      type: 'Settings',
      activity: 'Update',
      details: `Security settings ${describeChanges(before, input)}`,
    });
  });
}

/** What a client may see: everything but the password, and whether one is stored. */
export async function getEmailSettings(db: Database) {
  const { smtp_password_sealed, ...visible } = await readEmailSettings(db);
  return { ...visible, smtp_password: '', has_smtp_password: smtp_password_sealed !== '' };
}

export async function saveEmailSettings(
  db: Database,
  secrets: SecretBox,
  input: EmailSettingsInput,
  ctx: RequestContext,
) {
  await db.transaction().execute(async (trx) => {
    const before = await readEmailSettings(trx);
    const { smtp_password, ...rest } = input;
    const sealed = smtp_password ? secrets.seal(smtp_password) : before.smtp_password_sealed;
    if (rest.smtp_auth === 'true' && !sealed) throw invalidField('smtp_password', 'SMTP password is required.');
    const after: StoredEmailSettings = {
      ...rest,
      smtp_auth: rest.smtp_auth as 'true' | 'false',
      smtp_password_sealed: sealed,
    };
    await writeSettings(trx, 'email', after);
    const { smtp_password_sealed: _old, ...beforeVisible } = before;
    const changes = describeChanges(
      { ...beforeVisible, smtp_password: before.smtp_password_sealed },
      { ...rest, smtp_password: smtp_password ? sealed : undefined },
    );
    await writeAudit(trx, ctx, { type: 'Settings', activity: 'Update', details: `Email settings ${changes}` });
  });
}
