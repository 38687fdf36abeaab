import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Origins ("https://a.example.org") of tile URL templates, for the CSP's img-src and connect-src. */
export function originsOf(urlTemplates: string[]): string[] {
  const origins = new Set<string>();
  for (const template of urlTemplates) {
    try {
      origins.add(new URL(template.replace(/\{[^}]+\}/g, '0')).origin);
    } catch {
      // A template that is not a URL cannot be fetched by the browser either; nothing to allow.
    }
  }
  return [...origins];
}

/**
 * helmet's headers with a CSP for a MapLibre app: map workers run from blob: URLs, tiles come from
 * the configured origins, MUI injects <style> elements. No page may be framed (frame-ancestors 'none').
 */
export async function registerSecurityHeaders(app: FastifyInstance, tileOrigins: string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins],
        connectSrc: ["'self'", ...tileOrigins],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
}
