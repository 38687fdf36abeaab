import { useEffect, useState } from 'react';

type PasswordPolicy = typeof import('../../../common/passwordPolicy.js');

let loading: Promise<PasswordPolicy> | undefined;

/**
 * The server's password rule (common/passwordPolicy.ts), or null until it has loaded. It is
 * imported on demand, into a chunk of its own, because its dictionaries are about a megabyte: only
 * the password card waits for them, never the public map or another admin screen. A failed load is
 * tried again on the next mount.
 */
export function usePasswordPolicy(): PasswordPolicy | null {
  const [policy, setPolicy] = useState<PasswordPolicy | null>(null);
  useEffect(() => {
    let mounted = true;
    loading ??= import('../../../common/passwordPolicy.js');
    loading.then(
      (loaded) => {
        if (mounted) setPolicy(loaded);
      },
      () => {
        loading = undefined;
      },
    );
    return () => {
      mounted = false;
    };
  }, []);
  return policy;
}
