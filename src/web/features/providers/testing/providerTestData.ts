import type { ProviderFormValues } from '../providerFormSchema.js';
import { EMPTY_PROVIDER_FORM } from '../providerFormSchema.js';

// Small factories for the provider tests (not used by the app).

/** The dialog's values: the empty form with `overrides`. */
export const form = (overrides: Partial<ProviderFormValues>): ProviderFormValues => ({ ...EMPTY_PROVIDER_FORM, ...overrides });

/** The text fields of a multipart body, as the server's multipart parser hands them over. */
export function fields(data: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  data.forEach((value, key) => {
    if (typeof value === 'string') out[key] = value;
  });
  return out;
}

/** A provider as GET /providers returns it. */
export { savedProvider } from '../../../../common/testing/providers.js';
