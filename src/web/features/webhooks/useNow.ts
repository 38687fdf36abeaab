import { useEffect, useState } from 'react';

/** The current time (ms since the epoch), renewed every `intervalMs`, so "in 4 min" and "2 min ago" stay true on screen. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
