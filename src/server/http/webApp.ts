import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { NotFoundError, UnavailableError } from '../errors.js';

/** The script partner sites include to embed the map (src/web/public/embed.js). */
const EMBED_SCRIPT = 'embed.js';

/** Pages other sites put in an iframe; every other page (admin above all) refuses to be framed. */
const FRAMEABLE_PAGES = new Set(['/embed', '/widget']);

/**
 * The pages whose first screen the build renders ahead of time (scripts/prerender.mjs), by path
 * without a trailing slash; every other path gets index.html. A build without them (an older one)
 * serves index.html there too.
 */
const PRERENDERED_PAGES = new Map([
  ['/', 'map.html'],
  ['/map', 'map.html'],
  ['/embed', 'embed.html'],
]);

/** A request's path without its query and without a trailing slash ("/" stays). */
function pagePath(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The prerendered pages this build has, by path (read once, as @fastify/static lists the files once). */
function builtPages(webRoot: string): Map<string, string> {
  return new Map([...PRERENDERED_PAGES].filter(([, file]) => fs.existsSync(path.join(webRoot, file))));
}

/** Replaces the default frame-ancestors 'none' with `sources`; X-Frame-Options cannot list sites, so it goes. */
function allowFraming(reply: FastifyReply, sources: string[]): void {
  const csp = String(reply.getHeader('content-security-policy') ?? '');
  reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${sources.join(' ')}`));
  reply.removeHeader('x-frame-options');
}

/**
 * Serves the built React app from `webRoot`: hashed assets cached for a year, pages never cached,
 * and for every other GET that is not under /api (client-side routes) index.html, or the page
 * rendered ahead of time for the public map and /embed.
 * `frameAncestors` gives the CSP frame-ancestors sources of the embeddable pages (admin setting).
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string, frameAncestors: () => Promise<string[]>): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const built = fs.existsSync(indexFile);
  const pages = builtPages(webRoot);
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // .br/.gz copies made by scripts/compressAssets.mjs, chosen by the request's Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Partner sites load the embed script with <script src>; helmet's same-origin default would block it.
        if (path.basename(filePath).replace(/\.(br|gz)$/, '') === EMBED_SCRIPT) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new NotFoundError(`Not found: ${request.method} ${request.url.split('?')[0]}`);
    }
    if (!built) throw new UnavailableError('The web app is not built. Run npm run build.');
    const pathname = pagePath(request.url);
    if (FRAMEABLE_PAGES.has(pathname)) allowFraming(reply, await frameAncestors());
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html')
      .sendFile(pages.get(pathname) ?? 'index.html');
  });
}
