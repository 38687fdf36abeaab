import { describe, expect, it } from 'vitest';
import type { WorkerFixtureJob, WorkerFixtureMessage } from './testing/workerFixture.js';
import { runWorker, startWorker } from './workerThreads.js';

type Progress = Extract<WorkerFixtureMessage, { kind: 'progress' }>;

/** Runs the fixture worker (testing/workerFixture.ts) on a job, with a 10 s timeout unless told otherwise. */
function runFixture(
  job: WorkerFixtureJob,
  options: { timeoutMs?: number; signal?: AbortSignal; onProgress?: (step: number) => void; transferList?: ArrayBuffer[] } = {},
) {
  return runWorker<WorkerFixtureMessage, Progress>({
    beside: import.meta.url,
    module: 'testing/workerFixture',
    workerData: job,
    transferList: options.transferList,
    timeoutMs: options.timeoutMs ?? 10_000,
    timeoutError: () => new Error('the fixture took too long'),
    label: 'fixture worker',
    signal: options.signal,
    interim: { is: (message) => message.kind === 'progress', handle: (progress) => options.onProgress?.(progress.step) },
  });
}

describe('runWorker', () => {
  it('answers with the first message that is not progress, handing progress over before it', async () => {
    const steps: number[] = [];
    const answer = await runFixture({ kind: 'answer', progressSteps: 3 }, { onProgress: (step) => steps.push(step) });
    expect(steps).toEqual([1, 2, 3]);
    expect(answer).toEqual({ kind: 'answer', byteLength: 0 });
  });

  it('moves the buffers of the transfer list to the worker rather than copying them', async () => {
    const bytes = new Uint8Array(1024);
    const answer = await runFixture({ kind: 'answer', progressSteps: 0, bytes }, { transferList: [bytes.buffer] });
    expect(answer).toEqual({ kind: 'answer', byteLength: 1024 });
    expect(bytes.byteLength).toBe(0);
  });

  it('fails with the timeout error when the worker does not answer in time', async () => {
    await expect(runFixture({ kind: 'hang' }, { timeoutMs: 300 })).rejects.toThrow('the fixture took too long');
  });

  it('fails naming the worker when it exits without answering', async () => {
    await expect(runFixture({ kind: 'exit', code: 3 })).rejects.toThrow('fixture worker stopped with exit code 3');
  });

  it('fails with the error the worker crashed on', async () => {
    await expect(runFixture({ kind: 'throw', message: 'the fixture broke' })).rejects.toThrow('the fixture broke');
  });

  it('stops the worker and fails with the reason when the signal aborts', async () => {
    const controller = new AbortController();
    const run = runFixture({ kind: 'hang' }, { signal: controller.signal });
    controller.abort(new Error('the client went away'));
    await expect(run).rejects.toThrow('the client went away');
    await expect(runFixture({ kind: 'answer', progressSteps: 0 }, { signal: controller.signal })).rejects.toThrow('the client went away');
  });
});

describe('startWorker', () => {
  it('starts a long-lived worker that answers until it is ended', async () => {
    const worker = startWorker({ beside: import.meta.url, module: 'testing/workerFixture', workerData: { kind: 'echo' } satisfies WorkerFixtureJob });
    const replies: WorkerFixtureMessage[] = [];
    worker.on('message', (reply: WorkerFixtureMessage) => replies.push(reply));
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    worker.postMessage('first');
    worker.postMessage('stop');
    expect(await exited).toBe(0);
    expect(replies).toEqual([
      { kind: 'echo', message: 'first' },
      { kind: 'echo', message: 'stop' },
    ]);
  });
});
