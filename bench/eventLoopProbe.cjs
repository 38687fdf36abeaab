// Preloaded into the server by benchmarks (NODE_OPTIONS=--require, see serverProcess.ts): measures
// how late the main thread's event loop runs (perf_hooks.monitorEventLoopDelay, sampled every
// 10 ms) and what the process holds. On SIGUSR2 it prints, as one JSON log line
// {"msg":"event loop delay","maxMs":…,"p99Ms":…,"memory":{…},"workerHeapsMb":[…]}:
// - maxMs and p99Ms: the loop's delay since the previous SIGUSR2, read at once;
// - memory: then, after a full garbage collection (the server runs with --expose-gc), the main
//   thread's process.memoryUsage() in MB, so heapUsed and external are what it holds live;
// - workerHeapsMb: the V8 heap each worker thread holds live after its own collection, MB, as each
//   answers within 200 ms on a BroadcastChannel (a --require module is preloaded in workers too).
// The delay is reset only after the 200 ms, so the pause of these collections is never counted in
// the next figures. Never loaded by npm start.
const { isMainThread, threadId } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { getHeapStatistics } = require('node:v8');

const channel = new BroadcastChannel('bench-event-loop-probe');
// The channel must not keep a thread alive that has nothing else to do.
channel.unref();
const mb = (bytes) => Math.round(bytes / 1e6);
const collectGarbage = () => globalThis.gc?.();

if (isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let workerHeapsMb = null;
  channel.onmessage = ({ data }) => {
    if (data !== 'report') workerHeapsMb?.push(data);
  };
  process.on('SIGUSR2', () => {
    const loop = { maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 };
    workerHeapsMb = [];
    channel.postMessage('report');
    collectGarbage();
    const memory = Object.fromEntries(Object.entries(process.memoryUsage()).map(([key, bytes]) => [key, mb(bytes)]));
    setTimeout(() => {
      process.stdout.write(`${JSON.stringify({ msg: 'event loop delay', ...loop, memory, workerHeapsMb })}\n`);
      workerHeapsMb = null;
      delay.reset();
    }, 200);
  });
} else {
  // Only the main thread's question is answered: every thread hears every other thread's answer too.
  channel.onmessage = ({ data }) => {
    if (data !== 'report') return;
    collectGarbage();
    channel.postMessage({ threadId, heapMb: mb(getHeapStatistics().used_heap_size) });
  };
}
