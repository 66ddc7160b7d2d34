import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      demo: true,
      timeZone: 'Africa/Kampala',
      databaseUrl: undefined,
    });
  });

  it('names every bad variable in one message', () => {
    const bad = () =>
      loadConfig({ PORT: 'abc', DUKA_DEMO: 'yes', DUKA_TIMEZONE: 'Mars/Base', DATABASE_URL: 'mysql://x' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*DUKA_DEMO[\s\S]*DUKA_TIMEZONE: must be an IANA time zone/);
  });
});
