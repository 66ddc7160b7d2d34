import path from 'node:path';
import { ENDPOINTS } from '@duka/shared';
import { describe, expect, it } from 'vitest';
import { endpointLiterals, screenPathsOf, sourcesOf } from './web-endpoints.ts';

const WEB_SOURCES = path.resolve(import.meta.dirname, '../apps/web/src');

describe('the web calls endpoints only through the client (apps/web/src)', () => {
  const files = sourcesOf(WEB_SOURCES);
  const screens = screenPathsOf(files.get('app/router.tsx') ?? '');

  it('reads the router and the contracts', () => {
    expect(screens).toContain('/brandlist');
    expect(screens).toContain('/salespos');
    expect(ENDPOINTS.length).toBeGreaterThan(150);
  });

  it('no file but the client names an endpoint path, an /api address or fetches by itself: 0 today', () => {
    const findings = endpointLiterals(
      files,
      ENDPOINTS.map((e) => e.path),
      screens,
    );
    expect(findings.map((f) => `${f.file}:${f.line} ${f.why}`)).toEqual([]);
  });
});

describe('the endpoint scan', () => {
  const endpoints = ['/brandlist', '/brandshow/:id', '/getbrands', '/possearch', '/health'];
  const screens = new Set(['/brandlist', '/brandshow']);
  /** The sources below write a template's `${` as `#{`, so they are not read as templates here. */
  const code = (source: string) => source.replaceAll('#{', '$' + '{');
  const scan = (source: string) => endpointLiterals(new Map([['features/x.tsx', code(source)]]), endpoints, screens);

  it('finds endpoint paths, /api addresses and fetches, in quotes of every kind and with their query or params', () => {
    const found = scan(
      [
        "useLookup('/getbrands');",
        'api("GET", "/possearch?q=" + q);',
        'const url = `/possearch?search=#{q}`;',
        'await fetch(url);',
        "navigate('/api/health');",
      ].join('\n'),
    );
    expect(found.map((f) => f.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves screens, comments and the client alone', () => {
    expect(
      scan("<Link to={`/brandshow/#{id}`} />\nnavigate('/brandlist');\n// calls '/getbrands'\n/** '/possearch' */"),
    ).toEqual([]);
    const client = endpointLiterals(new Map([['api/client.ts', code('fetch(`/api#{path}`)')]]), endpoints, screens);
    expect(client).toEqual([]);
  });
});
