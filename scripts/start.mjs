// `npm start`: builds the web app and the server when the build is missing or older than the
// sources, then runs the server in this process's place (signals and exit code pass through).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const entry = path.join(root, 'dist', 'server', 'server', 'main.js');
const inputs = ['src', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.base.json', 'tsconfig.server.json'];

/** Newest modification time (ms) of a file or of any file below a folder. */
function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

function buildIsCurrent() {
  if (!fs.existsSync(stamp) || !fs.existsSync(entry)) return false;
  const built = fs.statSync(stamp).mtimeMs;
  return inputs.every((input) => newestMtime(path.join(root, input)) <= built);
}

if (!buildIsCurrent()) {
  console.log('Building the web app and the server (first start or sources changed)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Build failed; not starting.');
    process.exit(build.status ?? 1);
  }
  fs.writeFileSync(stamp, new Date().toISOString());
}

const server = spawn(process.execPath, ['--enable-source-maps', entry], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
