import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      demo: true,
      timeZone: 'Africa/Kampala',
      databaseUrl: undefined,
      trustProxy: 0,
    });
    expect(loadConfig({ DUKA_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => loadConfig({ DUKA_TRUST_PROXY: 'yes' })).toThrow(/DUKA_TRUST_PROXY: must be a whole number/);
  });

  it('names every bad variable in one message', () => {
    const bad = () =>
      loadConfig({ PORT: 'abc', DUKA_DEMO: 'yes', DUKA_TIMEZONE: 'Mars/Base', DATABASE_URL: 'mysql://x' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*DUKA_DEMO[\s\S]*DUKA_TIMEZONE: must be an IANA time zone/);
  });
});
