// After `vite build`: renders the public pages' first screen (src/web/app/prerender.tsx, built for
// Node by Vite's SSR build into dist/prerender) into copies of dist/web/index.html: map.html for /
// and /map, embed.html for /embed. The server sends them for those paths (http/webApp.ts), so the
// heading, search box and legend are painted before any script runs; React then takes them over.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(repo, 'dist', 'web');
const ssrDir = path.join(repo, 'dist', 'prerender');
/** index.html's placeholder, which the rendered page replaces. */
const PLACEHOLDER = '<div id="root"><p class="app-loading" role="status">Loading…</p></div>';

await build({
  configFile: path.join(repo, 'vite.config.ts'),
  logLevel: 'warn',
  // The public folder (favicon, embed.js) belongs to the client build only.
  publicDir: false,
  build: { ssr: path.join(repo, 'src', 'web', 'app', 'prerender.tsx'), outDir: ssrDir, emptyOutDir: true },
});

const { prerenderPublicPages } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
const template = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
if (!template.includes(PLACEHOLDER)) throw new Error(`dist/web/index.html has no ${PLACEHOLDER}`);

const pages = prerenderPublicPages();
for (const [name, html] of Object.entries(pages)) {
  // A function as the replacement, so a "$" in the page is not read as a pattern.
  const page = template.replace(PLACEHOLDER, () => `<div id="root" data-prerendered="${name}">${html}</div>`);
  fs.writeFileSync(path.join(webDir, `${name}.html`), page);
}
console.log(`prerendered ${Object.keys(pages).join(', ')} into ${path.relative(process.cwd(), webDir)}`);
