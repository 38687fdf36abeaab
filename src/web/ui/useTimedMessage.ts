import { useCallback, useEffect, useState } from 'react';

/**
 * A message that clears itself after `durationMs` (the 5 s password notice, 6 s snackbars,
 * 2 s copy confirmation). Showing a message, even the same text again, restarts the clock.
 */
export function useTimedMessage(durationMs: number): [message: string | null, show: (message: string) => void] {
  const [current, setCurrent] = useState<{ message: string } | null>(null);

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => setCurrent(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [current, durationMs]);

  const show = useCallback((message: string) => setCurrent({ message }), []);
  return [current?.message ?? null, show];
}
