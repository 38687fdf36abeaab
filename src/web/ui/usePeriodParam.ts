import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { localIsoDate, type PeriodChoice, type PeriodRange, periodFromParams, periodRange, withPeriodParams } from './reportPeriod.js';

/**
 * A report screen's period, kept in its URL (`?days=7`, `?from=…&to=…`) so a reload, a bookmark or
 * a shared link shows the same period. Presets end on the browser's today.
 */
export function usePeriodParam(): { choice: PeriodChoice; range: PeriodRange; setChoice: (choice: PeriodChoice) => void } {
  const [params, setParams] = useSearchParams();
  const choice = useMemo(() => periodFromParams(params), [params]);
  const today = localIsoDate(new Date());
  const range = useMemo(() => periodRange(choice, today), [choice, today]);
  const setChoice = useCallback((next: PeriodChoice) => setParams((previous) => withPeriodParams(previous, next), { replace: true }), [setParams]);
  return { choice, range, setChoice };
}
