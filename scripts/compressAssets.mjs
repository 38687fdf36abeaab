// After `vite build`: writes .br and .gz copies of the web app's text files beside them, so the
// server sends them compressed (@fastify/static preCompressed) without compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'web');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this many bytes compression saves less than it costs. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(root)) {
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count += 1;
}
console.log(`compressed ${count} files in ${path.relative(process.cwd(), root)} (.br and .gz)`);
