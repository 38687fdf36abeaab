import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: for work that should not hold
 * up the first paint, such as fetching and starting a heavy component.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // A requestAnimationFrame callback runs just before the paint; a task queued from it runs after.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
