// `npm run backup -- <file> [--force]` and `npm run restore -- <file> [--force]` (the first
// argument, set in package.json, says which): builds when stale as `npm start` does, then runs the
// compiled tool (src/server/backup/cli.ts) with the server's environment. Signals and the exit code pass through.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWhenStale, root, serverBuild } from './build-when-stale.mjs';

const entry = path.join(serverBuild, 'backup', 'cli.js');
buildWhenStale(entry);

const tool = spawn(process.execPath, ['--enable-source-maps', entry, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
// Ctrl-C reaches the tool from the terminal too; it stops once, after removing its temporary files.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => tool.kill(signal));
tool.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
