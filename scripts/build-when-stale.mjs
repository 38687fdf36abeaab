// Builds the web app and the server when the build is missing or older than the sources, so
// `npm start`, `npm run backup` and `npm run restore` work on a fresh clone after `npm install`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The compiled server (tsconfig.server.json: src/ -> dist/server/). */
export const serverBuild = path.join(root, 'dist', 'server', 'server');
const stamp = path.join(root, 'dist', '.build-stamp');
const inputs = [
  'src',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.server.json',
  'scripts/prerender.mjs',
  'scripts/compressAssets.mjs',
];

/** Newest modification time (ms) of a file or of any file below a folder. */
function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

function buildIsCurrent(entry) {
  if (!fs.existsSync(stamp) || !fs.existsSync(entry)) return false;
  const built = fs.statSync(stamp).mtimeMs;
  return inputs.every((input) => newestMtime(path.join(root, input)) <= built);
}

/** Runs `npm run build` unless `entry` (a file of the build) and the stamp are newer than every source; exits on failure. */
export function buildWhenStale(entry) {
  if (buildIsCurrent(entry)) return;
  console.log('Building the web app and the server (first run or sources changed)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Build failed; stopping.');
    process.exit(build.status ?? 1);
  }
  fs.writeFileSync(stamp, new Date().toISOString());
}
