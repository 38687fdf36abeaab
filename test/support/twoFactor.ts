import type { App } from '../../src/server/app.js';
import { totpCode } from '../../src/server/auth/totp.js';
import type { Clock } from '../../src/server/clock.js';
import { bearer } from './testApp.js';

/** Sets up and turns on two-factor sign-in for the holder of `token`: the secret and the recovery codes. */
export async function enrolTwoFactor(app: App, token: string, clock: Clock): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await app.server.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: bearer(token) });
  if (setup.statusCode !== 200) throw new Error(`2FA setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json().data as { secret: string };
  const enable = await app.server.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers: bearer(token),
    payload: { code: totpCode(secret, clock.now()) },
  });
  if (enable.statusCode !== 200) throw new Error(`2FA enable failed: ${enable.statusCode} ${enable.body}`);
  return { secret, recoveryCodes: enable.json().data.recovery_codes };
}
