import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies, type TrustedProxies } from './platform/trusted-proxies.ts';

// Configuration comes from the environment only, parsed once at start; a bad value stops the start with a
// message that names the variable.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DUKA_DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DUKA_ADMIN_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address')
    .optional(),
  DUKA_ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').max(128).optional(),
  DUKA_DEMO: z.enum(['0', '1', 'accounts'], { error: 'must be 0, 1 or accounts' }).default('1'),
  DUKA_TIMEZONE: z
    .string()
    .default('Africa/Kampala')
    .refine(isTimeZone, 'must be an IANA time zone such as Africa/Kampala'),
  DUKA_TRUST_PROXY: z
    .string()
    .default('0')
    .transform((text, ctx) => {
      const trusted = parseTrustedProxies(text);
      if (typeof trusted === 'object' && 'error' in trusted) {
        ctx.addIssue({ code: 'custom', message: trusted.error });
        return z.NEVER;
      }
      return trusted;
    }),
  DUKA_BACKUP_DIR: z.string().min(1).optional(),
  DUKA_BACKUP_COPY_DIR: z.string().min(1).optional(),
  DUKA_BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM, such as 21:00')
    .default('21:00'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface Config {
  port: number;
  host: string;
  /** ./data unless DUKA_DATA_DIR says otherwise; as root it may move (db/data-dir.ts chooseDataDir). */
  dataDir: string;
  /** DUKA_DATA_DIR was given: use exactly that folder, and refuse to start if the database cannot use it. */
  dataDirGiven: boolean;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  demo: boolean;
  /** With the demo sign-ins, also a catalogue and stock (DUKA_DEMO=1; `accounts` seeds the sign-ins only). */
  demoStock: boolean;
  timeZone: string;
  /**
   * Proxies in front of the app whose X-Forwarded-For is believed: their addresses, or a number of proxies on this
   * machine; 0 means the socket address is the client (platform/trusted-proxies.ts).
   */
  trustProxy: TrustedProxies;
  logLevel: string;
  /** DUKA_BACKUP_DIR; absent: `backups` in the data folder chosen at start (main.ts). */
  backupDir?: string;
  /** A second folder that receives a copy of every backup (USB disk, network share). */
  backupCopyDir?: string;
  /** HH:MM, shop time, of the daily automatic backup. */
  backupTime: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DUKA_DATA_DIR ?? './data'),
    dataDirGiven: e.DUKA_DATA_DIR !== undefined,
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.DUKA_ADMIN_EMAIL,
    adminPassword: e.DUKA_ADMIN_PASSWORD,
    demo: e.DUKA_DEMO !== '0',
    demoStock: e.DUKA_DEMO === '1',
    timeZone: e.DUKA_TIMEZONE,
    trustProxy: e.DUKA_TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    backupDir: e.DUKA_BACKUP_DIR && path.resolve(e.DUKA_BACKUP_DIR),
    backupCopyDir: e.DUKA_BACKUP_COPY_DIR && path.resolve(e.DUKA_BACKUP_COPY_DIR),
    backupTime: e.DUKA_BACKUP_TIME,
  };
}
