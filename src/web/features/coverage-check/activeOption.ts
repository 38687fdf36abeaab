/**
 * The suggestion the arrow keys move to in the search box: -1 is the typed text itself, then each
 * of `count` suggestions; past either end comes the typed text again (as in a browser's own
 * address bar). `step` is 1 for ArrowDown, -1 for ArrowUp.
 */
export function nextActiveOption(current: number, step: 1 | -1, count: number): number {
  const positions = count + 1;
  return ((((current + 1 + step) % positions) + positions) % positions) - 1;
}
