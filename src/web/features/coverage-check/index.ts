// What other features use of the public coverage check: the map with search, results and lead
// form (the public map and /embed show it), and its suggestion debounce for each of them.
export { CoverageCheckMap } from './CoverageCheckMap.js';
export { EMBED_SUGGESTION_DEBOUNCE_MS, PUBLIC_MAP_SUGGESTION_DEBOUNCE_MS } from './messages.js';
