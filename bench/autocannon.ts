import { spawn } from 'node:child_process';
import path from 'node:path';

const CONNECTIONS = 10;
const SECONDS = 10;

/**
 * Requests per second autocannon measured against `url` (10 connections, 10 s). It runs in its own
 * process so that it does not share the server's event loop; any non-2xx answer or error fails.
 */
export function autocannon(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.resolve('node_modules/autocannon/autocannon.js'), '-c', String(CONNECTIONS), '-d', String(SECONDS), '-j', url],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(out) as { requests: { average: number }; non2xx: number; errors: number };
      if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`autocannon saw ${result.non2xx} non-2xx and ${result.errors} errors`));
      resolve(result.requests.average);
    });
  });
}
