// Builds the server and the web client, and remembers what it built from. `npm run build` always builds;
// `npm start` runs `node scripts/build.mjs --if-changed`, which builds only when the sources differ from those of the
// last build (a content hash, so a checkout that rewrites files unchanged does not count) or when the built files
// are missing or were rebuilt by other means since.
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// What the two builds read: the three packages' sources and configs, the lock file, and the compressor run after.
export const SOURCES = [
  'apps/server',
  'apps/web',
  'packages/shared',
  'package.json',
  'package-lock.json',
  'scripts/precompress.mjs',
];
// What they write; the stamp records each one's mtime, so a build made without this script is noticed.
export const OUTPUTS = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];
export const STAMP = 'node_modules/.cache/duka-build.json';

// Build output and installed packages (at any depth), and a package's tests and database files (at its top) do not
// change what is built.
const SKIPPED_ANYWHERE = new Set(['node_modules', 'dist']);
const SKIPPED_AT_TOP = new Set(['test', 'data', '.tmp']);
const SKIPPED_FILE = /\.test\.tsx?$/;

function sourceFiles(root, entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  const files = [];
  for (const item of fs.readdirSync(full, { withFileTypes: true })) {
    const rel = path.join(entry, item.name);
    if (item.isDirectory()) {
      const skipped = SKIPPED_ANYWHERE.has(item.name) || (SOURCES.includes(entry) && SKIPPED_AT_TOP.has(item.name));
      if (!skipped) files.push(...sourceFiles(root, rel));
    } else if (item.isFile() && !SKIPPED_FILE.test(item.name)) {
      files.push(rel);
    }
  }
  return files;
}

/** One hash of every source file's path and content under `root`. */
export function sourcesHash(root) {
  const hash = crypto.createHash('sha256');
  const files = SOURCES.flatMap((entry) => sourceFiles(root, entry)).sort();
  for (const file of files) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function outputTimes(root) {
  return OUTPUTS.map((file) => {
    const full = path.join(root, file);
    return fs.existsSync(full) ? fs.statSync(full).mtimeMs : null;
  });
}

function readStamp(root) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'));
  } catch {
    return null;
  }
}

/** Why `root` needs a build, or null when its built files were made from the sources as they are. */
export function buildReason(root) {
  const times = outputTimes(root);
  if (times.includes(null)) return 'no build yet';
  const stamp = readStamp(root);
  if (!stamp) return 'no record of the last build';
  if (stamp.sources !== sourcesHash(root)) return 'sources changed';
  if (JSON.stringify(stamp.outputs) !== JSON.stringify(times)) return 'built by other means since';
  return null;
}

/**
 * Runs `build` and records the sources it built from. The hash is taken before the build, so a file saved while it
 * runs makes the next start build again; the stamp is removed first, so a failed build is never taken as done.
 */
export function buildAndRecord(root, build) {
  const sources = sourcesHash(root);
  const stampFile = path.join(root, STAMP);
  fs.rmSync(stampFile, { force: true });
  build();
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, JSON.stringify({ sources, outputs: outputTimes(root) }));
}

function buildAll() {
  execSync('npm run build -w @duka/server && npm run build -w @duka/web', { stdio: 'inherit' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  process.chdir(root);
  if (process.argv.includes('--if-changed')) {
    const reason = buildReason(root);
    if (reason === null) {
      console.log('Build is up to date with the sources.');
    } else {
      console.log(`Building (${reason})...`);
      buildAndRecord(root, buildAll);
    }
  } else {
    buildAndRecord(root, buildAll);
  }
}
