// Preloaded into the server by benchmarks (NODE_OPTIONS=--require, see serverProcess.ts): measures
// how late the main thread's event loop runs (perf_hooks.monitorEventLoopDelay, sampled every
// 10 ms) and, on SIGUSR2, prints the figures since the previous SIGUSR2 as a JSON log line
// {"msg":"event loop delay","maxMs":…,"p99Ms":…,"memory":{…}}, then starts over; `memory` is the
// main thread's process.memoryUsage() in MB (its V8 heap, external and ArrayBuffer memory; worker
// threads' heaps count only in rss). Never loaded by npm start.
const { isMainThread } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');

if (isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('SIGUSR2', () => {
    const memory = Object.fromEntries(Object.entries(process.memoryUsage()).map(([key, bytes]) => [key, Math.round(bytes / 1e6)]));
    process.stdout.write(`${JSON.stringify({ msg: 'event loop delay', maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6, memory })}\n`);
    delay.reset();
  });
}
