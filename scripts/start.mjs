// `npm start`: builds the web app and the server when the build is missing or older than the
// sources, then runs the server in this process's place (signals and exit code pass through).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWhenStale, root, serverBuild } from './build-when-stale.mjs';

const entry = path.join(serverBuild, 'main.js');
buildWhenStale(entry);

// --expose-gc: the terrain tile memory collects a dropped tile's memory at once (src/server/terrain/tileMemory.ts).
const server = spawn(process.execPath, ['--enable-source-maps', '--expose-gc', entry], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
