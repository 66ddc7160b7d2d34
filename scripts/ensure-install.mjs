// `npm start` and `npm test` begin here: install the packages when they are missing or older than the lock file.
// Runs on whatever Node the machine has; the rest runs on the Node 24 that the install brings.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale =
  !fs.existsSync(marker) ||
  !fs.existsSync('node_modules/node/package.json') ||
  fs.statSync('package-lock.json').mtimeMs > fs.statSync(marker).mtimeMs;
if (stale) {
  console.log('Installing packages (first run or changed lock file)...');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}
