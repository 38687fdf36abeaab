import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeOwnerOnlyDir, OWNER_ONLY_FILE } from '../ownerOnlyFiles.js';

/** The generated secret's file inside DATA_DIR. */
export const SECRET_FILE = 'app-secret';

/**
 * The key material for token hashing (and, later, secrets at rest): APP_SECRET when set, else a
 * random secret generated once into DATA_DIR with owner-only permissions and reused afterwards.
 */
export function resolveAppSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  if (fs.existsSync(file)) {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  makeOwnerOnlyDir(dataDir);
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: OWNER_ONLY_FILE });
  return secret;
}
