import { describe, expect, it, vi } from 'vitest';
import { type BackgroundWork, startBackground, stopInReverse } from './background.js';
import type { RebuiltListener } from './coverage/coverageEngine.js';

/** Background parts that write what happens to them into `events`. */
function fakeWork(events: string[], options: { coverageStartFails?: boolean; pruneFails?: boolean } = {}) {
  const rebuilt: RebuiltListener[] = [];
  const changed: Array<() => void> = [];
  const emitted: Array<() => void> = [];
  const enqueued: Array<() => void> = [];
  const confirmed: Array<() => void> = [];
  const measured: Array<() => void> = [];
  const predicted: Array<() => void> = [];
  const work: BackgroundWork = {
    coverage: {
      onRebuilt: (listener) => rebuilt.push(listener),
      start: async () => {
        events.push('coverage started');
        if (options.coverageStartFails) throw new Error('database unreachable');
        for (const listener of rebuilt) listener(1);
      },
      stop: () => void events.push('coverage stopped'),
      refresh: async () => void events.push('coverage refreshed'),
    },
    uploadedTiles: {
      refresh: async () => void events.push('terrain tiles listed'),
    },
    files: {
      pruneCache: async () => {
        events.push('file cache pruned');
        if (options.pruneFails) throw new Error('database unreachable');
        return 0;
      },
    },
    footprints: {
      reconcile: async () => void events.push('footprints reconciled'),
      stop: async () => void events.push('footprints stopped'),
      onChanged: (listener) => void changed.push(listener),
    },
    measurementPredictor: {
      request: () => void events.push('measurements predicted'),
      stop: async () => void events.push('measurement predictor stopped'),
      onCompleted: (listener) => void predicted.push(listener),
    },
    calibration: {
      refit: async () => void events.push('calibration refitted'),
      stop: async () => void events.push('calibration stopped'),
    },
    measurements: {
      onChanged: (listener) => {
        measured.push(listener);
        return () => undefined;
      },
    },
    mailSender: {
      start: () => void events.push('mail sender started'),
      stop: async () => void events.push('mail sender stopped'),
      nudge: () => void events.push('mail sender nudged'),
    },
    mailOutbox: { onEnqueued: (listener) => void enqueued.push(listener) },
    waitlistMatcher: {
      request: () => void events.push('waitlist matched'),
      stop: async () => void events.push('waitlist matcher stopped'),
    },
    waitlist: { onConfirmed: (listener) => void confirmed.push(listener) },
    waitlistPurge: {
      start: () => void events.push('waitlist purge scheduled'),
      stop: async () => void events.push('waitlist purge unscheduled'),
    },
    auditPrune: {
      start: () => void events.push('audit prune scheduled'),
      stop: async () => void events.push('audit prune unscheduled'),
    },
    outboxPrune: {
      start: () => void events.push('outbox prune scheduled'),
      stop: async () => void events.push('outbox prune unscheduled'),
    },
    myMaps: {
      startSchedule: () => void events.push('my maps scheduled'),
      stopSchedule: () => void events.push('my maps unscheduled'),
    },
    listenForRevisions: async () => {
      events.push('listening');
      return { close: async () => void events.push('not listening') };
    },
    events: { onEmitted: (listener) => void emitted.push(listener) },
    webhooks: { onQueued: (listener) => void emitted.push(listener) },
    webhookDelivery: {
      start: () => void events.push('webhooks delivering'),
      stop: async () => void events.push('webhooks stopped'),
      nudge: () => void events.push('webhooks nudged'),
    },
    log: { warn: vi.fn() },
  };
  return Object.assign(work, {
    footprintsChanged: () => changed.forEach((listener) => listener()),
    eventsEmitted: () => emitted.forEach((listener) => listener()),
    mailEnqueued: () => enqueued.forEach((listener) => listener()),
    entryConfirmed: () => confirmed.forEach((listener) => listener()),
    measurementsChanged: () => measured.forEach((listener) => listener()),
    predictionsCompleted: () => predicted.forEach((listener) => listener()),
  });
}

describe('startBackground', () => {
  it('starts each part after what it needs, reconciles footprints, prunes the file cache, predicts the measurements and matches the waitlist on a rebuild, nudges the webhooks on an event, and its stoppers run last first', async () => {
    const events: string[] = [];
    const work = fakeWork(events);
    const stoppers = await startBackground(work);
    expect(events).toEqual([
      'mail sender started',
      'coverage started',
      // The uploaded tiles are listed before the footprints are reconciled with them.
      'terrain tiles listed',
      // Copies of files replaced or removed since go with every rebuild.
      'file cache pruned',
      'measurements predicted',
      'waitlist matched',
      'footprints reconciled',
      'listening',
      'my maps scheduled',
      'webhooks delivering',
      'waitlist purge scheduled',
      'audit prune scheduled',
      'outbox prune scheduled',
    ]);

    events.length = 0;
    work.footprintsChanged();
    expect(events).toEqual(['waitlist matched']);

    events.length = 0;
    work.entryConfirmed();
    expect(events, 'a confirmation asks the matcher for a run').toEqual(['waitlist matched']);

    events.length = 0;
    work.measurementsChanged();
    expect(events, 'an import or delete of measurements asks for predictions').toEqual(['measurements predicted']);

    events.length = 0;
    work.predictionsCompleted();
    expect(events, 'completed predictions ask for a fit').toEqual(['calibration refitted']);

    events.length = 0;
    work.mailEnqueued();
    expect(events, 'a queued mail nudges the sender').toEqual(['mail sender nudged']);

    events.length = 0;
    work.eventsEmitted();
    expect(events, 'an emitted event and a queued test event each nudge the webhook worker').toEqual(['webhooks nudged', 'webhooks nudged']);

    events.length = 0;
    await stopInReverse(stoppers);
    expect(events).toEqual([
      'outbox prune unscheduled',
      'audit prune unscheduled',
      'waitlist purge unscheduled',
      'webhooks stopped',
      'my maps unscheduled',
      'not listening',
      'coverage stopped',
      'waitlist matcher stopped',
      'mail sender stopped',
      'calibration stopped',
      'measurement predictor stopped',
      'footprints stopped',
    ]);
  });

  it('stops what it started when a part fails to start, and passes the error on', async () => {
    const events: string[] = [];
    await expect(startBackground(fakeWork(events, { coverageStartFails: true }))).rejects.toThrow('database unreachable');
    expect(events).toEqual([
      'mail sender started',
      'coverage started',
      'waitlist matcher stopped',
      'mail sender stopped',
      'calibration stopped',
      'measurement predictor stopped',
      'footprints stopped',
    ]);
  });
  it('starts when the file cache cannot be pruned (the database away), and logs it as a warning: the next rebuild prunes it', async () => {
    const events: string[] = [];
    const work = fakeWork(events, { pruneFails: true });
    const stoppers = await startBackground(work);
    expect(events).toContain('file cache pruned');
    expect(events).toContain('audit prune scheduled');
    await vi.waitFor(() =>
      expect(work.log.warn).toHaveBeenCalledWith({ err: new Error('database unreachable') }, 'file cache not pruned; trying again at the next rebuild'),
    );
    await stopInReverse(stoppers);
  });
});

describe('stopInReverse', () => {
  it('waits for each stopper before the one started before it', async () => {
    const events: string[] = [];
    const slow = (name: string) => async () => {
      await new Promise((resolve) => setImmediate(resolve));
      events.push(name);
    };
    await stopInReverse([slow('first'), () => void events.push('second'), slow('third')]);
    expect(events).toEqual(['third', 'second', 'first']);
  });
});
