// `npm start`: builds the web app and the server when the build is missing or older than the
// sources, then runs the server in this process's place (signals and exit code pass through).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWhenStale, root, serverBuild } from './build-when-stale.mjs';
import { SERVER_NODE_FLAGS, serverEnv } from './server-options.mjs';

const entry = path.join(serverBuild, 'main.js');
buildWhenStale(entry);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], { cwd: root, env: serverEnv(process.env), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
