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
  });

  it('reads DUKA_TRUST_PROXY as the proxies addresses and ranges, or a number of proxies on this machine', () => {
    expect(loadConfig({ DUKA_TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ DUKA_TRUST_PROXY: 'yes' })).toThrow(
      /DUKA_TRUST_PROXY: "yes" is not an address or range: give the proxies' addresses or ranges, comma-separated/,
    );
    expect(() => loadConfig({ DUKA_TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10.0.0.0\/33" is not an address/);
    expect(() => loadConfig({ DUKA_TRUST_PROXY: '11' })).toThrow(/DUKA_TRUST_PROXY: must be at most 10 proxies/);
  });

  it('names every bad variable in one message', () => {
    const bad = () =>
      loadConfig({ PORT: 'abc', DUKA_DEMO: 'yes', DUKA_TIMEZONE: 'Mars/Base', DATABASE_URL: 'mysql://x' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*DUKA_DEMO[\s\S]*DUKA_TIMEZONE: must be an IANA time zone/);
  });
});
