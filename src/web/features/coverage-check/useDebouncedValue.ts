import { useEffect, useMemo, useState } from 'react';
import { debounce } from './debounce.js';

/** `value`, once it has stayed the same for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const settleLater = useMemo(() => debounce((next: T) => setSettled(() => next), delayMs), [delayMs]);
  useEffect(() => {
    settleLater(value);
  }, [value, settleLater]);
  useEffect(() => () => settleLater.cancel(), [settleLater]);
  return settled;
}
