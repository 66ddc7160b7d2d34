import fs from 'node:fs';
import path from 'node:path';

// Finds the places a web source file names an endpoint itself instead of calling its contract through the client
// (apps/web/src/api/client.ts): a quoted path that is an endpoint's and not a screen's, an `/api/…` address, or a
// `fetch(` of its own. Many of the original client's screens share their name with their list call (/brandlist is
// both); those names are screens' addresses, and the client, which takes contracts only, is what keeps them from
// being called.

export interface Finding {
  file: string;
  line: number;
  text: string;
  why: string;
}

/** Where a file may reach the network: the client, and the downloads it builds the address for. */
export const CLIENT_FILES = ['api/client.ts', 'api/download.ts'];

const QUOTED = /(['"`])(\/[A-Za-z0-9_/${}.:-]*)(?:\?[^'"`]*)?\1/g;

/** An endpoint's path up to its first param: `/brandshow/:id` → `/brandshow`. */
const staticPart = (endpointPath: string) => endpointPath.split('/:')[0] ?? endpointPath;

/** A quoted address with its template parts and params cut: `/saleshow/${id}` → `/saleshow`. */
const literalPart = (text: string) => text.replace(/^\/api(?=\/)/, '').split(/\/\$\{|\/:|\$\{/)[0] ?? text;

export function endpointLiterals(
  files: Map<string, string>,
  endpointPaths: readonly string[],
  screenPaths: ReadonlySet<string>,
): Finding[] {
  const endpoints = new Set(endpointPaths.map(staticPart));
  const findings: Finding[] = [];
  for (const [file, source] of files) {
    if (CLIENT_FILES.includes(file)) continue;
    const lines = withoutBlockComments(source).split('\n');
    lines.forEach((text, index) => {
      const code = text.replace(/\/\/.*$/, '');
      if (/\bfetch\(/.test(code))
        findings.push({ file, line: index + 1, text: text.trim(), why: 'fetch( outside the client' });
      for (const match of code.matchAll(QUOTED)) {
        const quoted = match[2] ?? '';
        const literal = literalPart(quoted);
        if (quoted.startsWith('/api/')) {
          findings.push({ file, line: index + 1, text: text.trim(), why: `${quoted}: an /api address` });
        } else if (endpoints.has(literal) && !screenPaths.has(literal)) {
          findings.push({ file, line: index + 1, text: text.trim(), why: `${quoted}: an endpoint's path` });
        }
      }
    });
  }
  return findings;
}

/** The source with its block comments blanked, line breaks kept (so line numbers stay right). */
const withoutBlockComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));

/** Every .ts/.tsx file under a folder, by its path inside it. */
export function sourcesOf(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) files.set(path.relative(root, full), fs.readFileSync(full, 'utf8'));
    }
  };
  walk(root);
  return files;
}

/** The screens' addresses the router declares (`path: '/brandlist'`, `guarded('/brandupdate/:id', …)`), params cut. */
export function screenPathsOf(routerSource: string): Set<string> {
  const screens = new Set<string>();
  for (const match of routerSource.matchAll(/(?:path:\s*|guarded\(\s*)'(\/[^']*)'/g)) {
    screens.add(literalPart(match[1] ?? ''));
  }
  return screens;
}
