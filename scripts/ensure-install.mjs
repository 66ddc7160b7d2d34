// `npm start` and `npm test` begin here: install the packages when they are missing or the lock file changed.
// Runs on whatever Node the machine has; the rest runs on the Node 24 that the install brings.
//
// `npm ci` installs exactly what package-lock.json says and never writes it, so a fresh clone stays clean. Its
// output is kept to errors: on the machine's older Node, npm prints a warning block for every package that asks
// for Node 22 or later (they run on the Node 24 installed here) and one about install scripts, which read like
// failures on a first start. A real failure still prints npm's error and stops the start.
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAMP = 'node_modules/.cache/duka-install.json';
// Written by npm at the end of every install; an install made by an older version of this script left no stamp.
const NPM_MARKER = 'node_modules/.package-lock.json';

export function lockHash(root) {
  return crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(root, 'package-lock.json')))
    .digest('hex');
}

/** Why `root` needs an install, or null when node_modules holds what package-lock.json says. */
export function installReason(root) {
  const at = (file) => path.join(root, file);
  if (!fs.existsSync(at('node_modules/node/package.json')) || !fs.existsSync(at(NPM_MARKER))) return 'first run';
  let stamp = null;
  try {
    stamp = JSON.parse(fs.readFileSync(at(STAMP), 'utf8'));
  } catch {}
  if (stamp) return stamp.lock === lockHash(root) ? null : 'the lock file changed';
  return fs.statSync(at('package-lock.json')).mtimeMs > fs.statSync(at(NPM_MARKER)).mtimeMs
    ? 'the lock file changed'
    : null;
}

export function recordInstall(root) {
  fs.mkdirSync(path.dirname(path.join(root, STAMP)), { recursive: true });
  fs.writeFileSync(path.join(root, STAMP), JSON.stringify({ lock: lockHash(root) }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  process.chdir(root);
  const reason = installReason(root);
  if (reason !== null) {
    console.log(`Installing packages (${reason}); this takes about a minute...`);
    try {
      execSync('npm ci --no-audit --no-fund --loglevel=error', { stdio: 'inherit' });
    } catch {
      console.error('Installing the packages failed: see npm’s error above.');
      process.exit(1);
    }
    recordInstall(root);
  }
}
