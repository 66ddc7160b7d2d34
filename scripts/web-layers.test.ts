import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importGraph, importLoops, importsIntoTop, specifiersOf } from './web-imports.ts';

const WEB_SOURCES = path.resolve(import.meta.dirname, '../apps/web/src');
/** The entries stand above app/: boot.ts loads main.tsx, which starts the router (and boot.ts the print styles). */
const ENTRIES = ['boot.ts', 'main.tsx'];

describe('the web client reads top-down (apps/web/src)', () => {
  const graph = importGraph(WEB_SOURCES);

  it('reads the imports of the whole client', () => {
    expect(graph.get('app/router.tsx')).toContain('app/Shell.tsx');
    expect(graph.get('main.tsx')).toContain('app/router.tsx');
  });

  it('no file outside app/ imports from app/ (router, shell and menu stand on top), but the entries', () => {
    expect(importsIntoTop(graph, 'app', ENTRIES)).toEqual([]);
  });

  it('no files import each other, directly or through others', () => {
    expect(importLoops(graph)).toEqual([]);
  });
});

describe('the import scan', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-web-imports-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads imports, re-exports, side-effect and literal dynamic imports, not those quoted in comments', () => {
    const code = [
      "import { a } from './a.ts';",
      'import {\n  b,\n  type B,\n} from "../b.ts";',
      "import type { C } from './c.ts';",
      "export { d } from './d.ts';",
      "export * from './e.ts';",
      "import './print.css';",
      "const f = () => import('./f.tsx');",
      'const g = (name: string) => import(name);',
      "// import { h } from './h.ts';",
      "/* import './i.ts'; */",
    ].join('\n');
    expect(specifiersOf(code).sort()).toEqual([
      '../b.ts',
      './a.ts',
      './c.ts',
      './d.ts',
      './e.ts',
      './f.tsx',
      './print.css',
    ]);
  });

  it('finds a file below app/ importing from it, and two files importing each other', () => {
    write('main.tsx', "import { router } from './app/router.tsx';");
    write('app/router.tsx', "export const router = () => import('../features/Page.tsx');");
    write('features/Page.tsx', "import { usePermissions } from '../app/permissions.ts';\nimport { x } from './x';");
    write('features/x.ts', "import type { Y } from './y.ts';\nexport const x = 1;");
    write('features/y.ts', "import { x } from './x.ts';\nexport type Y = typeof x;");
    write('app/permissions.ts', 'export const usePermissions = 1;');
    const graph = importGraph(root);
    expect(importsIntoTop(graph, 'app', ['main.tsx'])).toEqual(['features/Page.tsx -> app/permissions.ts']);
    expect(importLoops(graph)).toEqual([['features/x.ts', 'features/y.ts']]);
  });
});
