// Preloaded into the server by benchmarks (NODE_OPTIONS=--require, see serverProcess.ts): measures
// how late the main thread's event loop runs (perf_hooks.monitorEventLoopDelay, sampled every
// 10 ms) and, on SIGUSR2, prints the figures since the previous SIGUSR2 as a JSON log line
// {"msg":"event loop delay","maxMs":…,"p99Ms":…,"memory":{…},"workerHeapsMb":[…]}, then starts
// over. `memory` is the main thread's process.memoryUsage() in MB (its V8 heap, external and
// ArrayBuffer memory); `workerHeapsMb` the V8 heap of each worker thread then running, MB, as each
// answers within 200 ms on a BroadcastChannel (a --require module is preloaded in worker threads
// too). Never loaded by npm start.
const { isMainThread, threadId } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { getHeapStatistics } = require('node:v8');

const channel = new BroadcastChannel('bench-event-loop-probe');
// The channel must not keep a thread alive that has nothing else to do.
channel.unref();
const mb = (bytes) => Math.round(bytes / 1e6);

if (isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let workerHeapsMb = null;
  channel.onmessage = ({ data }) => {
    if (data !== 'report') workerHeapsMb?.push(data);
  };
  process.on('SIGUSR2', () => {
    workerHeapsMb = [];
    channel.postMessage('report');
    setTimeout(() => {
      const memory = Object.fromEntries(Object.entries(process.memoryUsage()).map(([key, bytes]) => [key, mb(bytes)]));
      process.stdout.write(
        `${JSON.stringify({ msg: 'event loop delay', maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6, memory, workerHeapsMb })}\n`,
      );
      workerHeapsMb = null;
      delay.reset();
    }, 200);
  });
} else {
  // Only the main thread's question is answered: every thread hears every other thread's answer too.
  channel.onmessage = ({ data }) => {
    if (data === 'report') channel.postMessage({ threadId, heapMb: mb(getHeapStatistics().total_heap_size) });
  };
}
