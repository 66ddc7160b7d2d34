import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAndRecord, buildReason } from './build.mjs';
import { installReason, recordInstall } from './ensure-install.mjs';

let root: string;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

// What the two builds write; the stand-in build writes both, as `npm run build` does.
function fakeBuild() {
  write('apps/server/dist/main.js', `// built ${Math.random()}`);
  write('apps/web/dist/index.html', `<!-- built ${Math.random()} -->`);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-start-'));
  write('package.json', '{"name":"duka"}');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('apps/server/src/main.ts', 'export const server = 1;');
  write('apps/server/build.mjs', '// esbuild');
  write('apps/web/src/main.tsx', 'export const web = 1;');
  write('apps/web/vite.config.ts', 'export default {};');
  write('packages/shared/src/format.ts', 'export const format = 1;');
  write('scripts/precompress.mjs', '// brotli');
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start: build only when the sources changed', () => {
  it('builds a tree that was never built', () => {
    expect(buildReason(root)).toBe('no build yet');
  });

  it('does not build again when nothing changed, even when a file is rewritten with the same content', () => {
    buildAndRecord(root, fakeBuild);
    expect(buildReason(root)).toBeNull();
    write('apps/web/src/main.tsx', 'export const web = 1;');
    expect(buildReason(root)).toBeNull();
  });

  it.each([
    'apps/server/src/main.ts',
    'apps/web/src/main.tsx',
    'packages/shared/src/format.ts',
    'apps/web/vite.config.ts',
    'package-lock.json',
  ])('builds when %s changed', (file) => {
    buildAndRecord(root, fakeBuild);
    write(file, `${fs.readFileSync(path.join(root, file), 'utf8')}\n// edited`);
    expect(buildReason(root)).toBe('sources changed');
  });

  it('builds for a source folder named like the skipped ones, deeper than a package top', () => {
    buildAndRecord(root, fakeBuild);
    write('apps/web/src/features/test/TestPage.tsx', 'export {};');
    expect(buildReason(root)).toBe('sources changed');
  });

  it('builds when a source file is added', () => {
    buildAndRecord(root, fakeBuild);
    write('apps/web/src/features/new/NewPage.tsx', 'export {};');
    expect(buildReason(root)).toBe('sources changed');
  });

  it('does not build for a change to a test or to the built files', () => {
    buildAndRecord(root, fakeBuild);
    write('apps/server/test/fixtures.ts', 'export {};');
    write('apps/server/src/main.test.ts', 'export {};');
    write('apps/web/dist/assets/extra.js', '');
    expect(buildReason(root)).toBeNull();
  });

  it('builds when the built files are gone or were rebuilt since', () => {
    buildAndRecord(root, fakeBuild);
    fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(buildReason(root)).toBe('no build yet');
    buildAndRecord(root, fakeBuild);
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(root, 'apps/server/dist/main.js'), later, later);
    expect(buildReason(root)).toBe('built by other means since');
  });

  it('builds again after a failed build', () => {
    buildAndRecord(root, fakeBuild);
    write('apps/web/src/main.tsx', 'export const web = 2;');
    expect(() =>
      buildAndRecord(root, () => {
        throw new Error('vite failed');
      }),
    ).toThrow('vite failed');
    expect(buildReason(root)).not.toBeNull();
  });
});

describe('npm start: install only when the packages are missing or the lock file changed', () => {
  function fakeInstall() {
    write('node_modules/node/package.json', '{"name":"node"}');
    write('node_modules/.package-lock.json', '{}');
    recordInstall(root);
  }

  it('installs on a fresh clone', () => {
    expect(installReason(root)).toBe('first run');
  });

  it('does not install again while the lock file is the same, whatever its modification time', () => {
    fakeInstall();
    expect(installReason(root)).toBeNull();
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(root, 'package-lock.json'), later, later);
    expect(installReason(root)).toBeNull();
  });

  it('installs again when the lock file changed', () => {
    fakeInstall();
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect(installReason(root)).toBe('the lock file changed');
  });
});
