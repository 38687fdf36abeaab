// How the server process runs: `npm start` (scripts/start.mjs) and the benchmarks that measure the
// server (bench/serverProcess.ts and others) use these, so the benchmarks measure what runs.
//
// --expose-gc: work that frees a lot at a known moment collects it at once
//   (src/server/system/collectGarbage.ts: dropped terrain tiles, export batches).
// --max-semi-space-size=2 (MB): V8's young generation otherwise grows to 2 x 16 MB and stays
//   committed; the server's allocations are small and short-lived, and the smaller nursery
//   lowers its idle RSS by about 30 MB (measured with bench/coverageServer.ts).
// MALLOC_ARENA_MAX=2: each worker thread (KML ingest, index builds) would otherwise get a glibc
//   malloc arena of its own, and memory freed there stays in the process; with two arenas the
//   48 MB upload's peak RSS is about 30 MB lower. A value set by the operator wins.

export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--expose-gc', '--max-semi-space-size=2'];

export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}
