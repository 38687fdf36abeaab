import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { AuthService } from './authService.js';
import { generatePassword } from './passwords.js';

/** Told the generated password of a first admin nobody configured. */
export type AnnouncePassword = (username: string, password: string) => void;

/**
 * Creates the first admin when there is none: with ADMIN_PASSWORD when set, else with a generated
 * password told once through `announce` (by default printed to stdout, never logged).
 */
export async function ensureFirstAdmin(
  auth: AuthService,
  admin: AppConfig['admin'],
  log: FastifyBaseLogger,
  announce: AnnouncePassword = printGeneratedPassword,
): Promise<void> {
  const generated = admin.password ? undefined : generatePassword();
  const created = await auth.ensureFirstAdmin(admin.username, admin.password ?? generated!);
  if (!created) return;
  if (generated) announce(admin.username, generated);
  else log.info({ username: admin.username }, 'first admin created from ADMIN_USERNAME/ADMIN_PASSWORD');
}

function printGeneratedPassword(username: string, password: string): void {
  const line = '='.repeat(72);
  process.stdout.write(
    `\n${line}\nFirst admin created. Sign in at /admin/login with\n  username: ${username}\n  password: ${password}\n` +
      `This password is shown only once: change it under Settings.\n${line}\n\n`,
  );
}
