import { describe, expect, it, vi } from 'vitest';
import { fakeLogger, manualClock } from '../testing/fakes.js';
import { LockedSchedule } from './lockedSchedule.js';

/** Job locks in memory: one holder per name. */
function memoryLocks() {
  const held = new Set<string>();
  return {
    held,
    tryAcquire: vi.fn(async (name: string) => (held.has(name) ? false : (held.add(name), true))),
    release: vi.fn(async (name: string) => void held.delete(name)),
  };
}

function schedule(work: (stopping: AbortSignal) => Promise<void>, locks = memoryLocks(), log = fakeLogger()) {
  return {
    locks,
    log,
    job: new LockedSchedule({ lock: 'cleanup', everyMs: 3600_000, lockTtlMs: 600_000, work, failureMessage: 'not cleaned', locks, clock: manualClock(), log }),
  };
}

describe('LockedSchedule', () => {
  it('runs the work under the lock and frees it after', async () => {
    const work = vi.fn(async () => {});
    const { job, locks } = schedule(work);
    expect(await job.runOnce()).toBe(true);
    expect(work).toHaveBeenCalledOnce();
    expect(locks.held.size).toBe(0);
  });

  it('leaves the work to the process that holds the lock', async () => {
    const work = vi.fn(async () => {});
    const { job, locks } = schedule(work);
    locks.held.add('cleanup');
    expect(await job.runOnce()).toBe(false);
    expect(work).not.toHaveBeenCalled();
  });

  it('logs a failed run, frees the lock, and never throws', async () => {
    const { job, locks, log } = schedule(async () => {
      throw new Error('database gone');
    });
    expect(await job.runOnce()).toBe(false);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'not cleaned');
    expect(locks.held.size).toBe(0);
  });

  it('runs at start and stops without a run left behind', async () => {
    let finish = () => {};
    const work = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { job } = schedule(work);
    job.start();
    await vi.waitFor(() => expect(work).toHaveBeenCalledOnce());
    const stopped = job.stop();
    finish();
    await stopped;
  });

  it('asks the run under way to end when it stops, and a run by hand afterwards goes to its end', async () => {
    const signals: AbortSignal[] = [];
    let finish = () => {};
    const work = vi.fn((stopping: AbortSignal) => {
      signals.push(stopping);
      return signals.length === 1 ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve();
    });
    const { job } = schedule(work);
    job.start();
    await vi.waitFor(() => expect(work).toHaveBeenCalledOnce());
    expect(signals[0]!.aborted).toBe(false);
    const stopped = job.stop();
    expect(signals[0]!.aborted).toBe(true);
    finish();
    await stopped;
    expect(await job.runOnce()).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
  });
});
