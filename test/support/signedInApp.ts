import { afterEach, beforeEach } from 'vitest';
import { createTestApp, type DatabaseKind, signIn, type TestApp } from './testApp.js';

/** What each test of a signedInAppPerTest block runs against. */
export interface SignedInApp {
  app: TestApp;
  /** The admin's bearer token. */
  token: string;
}

/**
 * A fresh app on `kind` with the admin signed in, for each test of the describe block that calls
 * this: handed to `use` before the test (the block's own beforeEach hooks registered later run
 * after it), closed after it.
 */
export function signedInAppPerTest(kind: DatabaseKind, use: (session: SignedInApp) => void): void {
  let app: TestApp | undefined;
  beforeEach(async () => {
    app = await createTestApp(kind);
    use({ app, token: await signIn(app) });
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
}
