import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from './files/fileStore.js';
import type { UploadedTiles } from './terrain/uploadedTiles.js';
import type { LockedSchedule } from './system/lockedSchedule.js';
import type { RevisionNotifications } from './coverage-revision/revisionNotifications.js';
import type { CoverageEngine } from './coverage/coverageEngine.js';
import type { FootprintService } from './footprints/footprintService.js';
import type { CalibrationService } from './measurements/calibrationService.js';
import type { MeasurementPredictor } from './measurements/measurementPredictor.js';
import type { MeasurementService } from './measurements/measurementService.js';
import type { EventOutbox } from './outbox/eventOutbox.js';
import type { MyMapsSync } from './sources/myMapsSync.js';
import type { WebhookDelivery } from './webhooks/webhookDelivery.js';
import type { WebhookService } from './webhooks/webhookService.js';
import type { MailOutbox } from './outbox/mailOutbox.js';
import type { MailSender } from './outbox/mailSender.js';
import type { WaitlistMatcher } from './waitlist/waitlistMatcher.js';
import type { WaitlistService } from './waitlist/waitlistService.js';

/** Undoes one thing that was started or opened. */
export type Stopper = () => Promise<void> | void;

/** What runs in the background, by the part of it that starts and stops (tests hand in fakes). */
export interface BackgroundWork {
  coverage: Pick<CoverageEngine, 'onRebuilt' | 'start' | 'stop' | 'refresh'>;
  uploadedTiles: Pick<UploadedTiles, 'refresh'>;
  /** Files in the database: this server's disk cache of them is pruned after every rebuild. */
  files: Pick<FileStore, 'pruneCache'>;
  footprints: Pick<FootprintService, 'reconcile' | 'stop' | 'onChanged'>;
  measurementPredictor: Pick<MeasurementPredictor, 'request' | 'stop' | 'onCompleted'>;
  /** Refits when a prediction pass completes. */
  calibration: Pick<CalibrationService, 'refit' | 'stop'>;
  /** Each import or delete of measurements asks the predictor for a pass. */
  measurements: Pick<MeasurementService, 'onChanged'>;
  myMaps: Pick<MyMapsSync, 'startSchedule' | 'stopSchedule'>;
  mailSender: Pick<MailSender, 'start' | 'stop' | 'nudge'>;
  /** The mail outbox: each mail queued in this process nudges the sender. */
  mailOutbox: Pick<MailOutbox, 'onEnqueued'>;
  waitlistMatcher: Pick<WaitlistMatcher, 'request' | 'stop'>;
  /** Each confirmation asks the matcher for a run: the spot may be live already. */
  waitlist: Pick<WaitlistService, 'onConfirmed'>;
  waitlistPurge: Pick<LockedSchedule, 'start' | 'stop'>;
  auditPrune: Pick<LockedSchedule, 'start' | 'stop'>;
  /** Deletes mails and webhook deliveries finished more than 30 days ago. */
  outboxPrune: Pick<LockedSchedule, 'start' | 'stop'>;
  /** LISTENs for other processes' coverage revisions (PostgreSQL; nothing on SQLite). */
  listenForRevisions: (onRevision: () => Promise<void>) => Promise<RevisionNotifications>;
  /** The webhooks' outbox (events written with their change), and the test events and redeliveries the admin queues. */
  events: Pick<EventOutbox, 'onEmitted'>;
  webhooks: Pick<WebhookService, 'onQueued'>;
  webhookDelivery: Pick<WebhookDelivery, 'start' | 'stop' | 'nudge'>;
  /** Where a failure no part logs itself goes (the file cache's prune). */
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Starts the server's background work, each part after what it depends on, and returns how to stop
 * each, in the order they started: stop them with stopInReverse. Should a part fail to start, the
 * ones already started are stopped before the error is passed on.
 */
export async function startBackground(work: BackgroundWork): Promise<Stopper[]> {
  const stoppers: Stopper[] = [];
  try {
    // The towers' footprints follow every rebuild of the coverage index (the first one in start()
    // included): a tower or terrain change moves the coverage revision.
    // The uploaded terrain tiles' list is read first, so checks never wait on the database for it.
    work.coverage.onRebuilt(() => void work.uploadedTiles.refresh().then(() => work.footprints.reconcile()));
    // Every change to a stored file (a terrain tile, a logo) moves the coverage revision, here or on
    // another server: the disk cache's copies of replaced and removed files go after each rebuild.
    // A prune that failed is tried again at the next rebuild (meanwhile the copies only take disk); it
    // is logged, as a disk refusing the deletes (EACCES, read-only) fails every rebuild the same way.
    work.coverage.onRebuilt(
      () => void work.files.pruneCache().catch((error: unknown) => work.log.warn({ err: error }, 'file cache not pruned; trying again at the next rebuild')),
    );
    stoppers.push(() => work.footprints.stop());
    // The measurements' predictions follow every rebuild too (a tower, sector, terrain or radio
    // settings change moves the revision); the predictor skips those whose inputs did not move.
    work.coverage.onRebuilt(() => work.measurementPredictor.request());
    work.measurements.onChanged(() => work.measurementPredictor.request());
    stoppers.push(() => work.measurementPredictor.stop());
    // Once every measurement is predicted, the calibration is fitted again if what it is made of
    // moved (in a worker, one process at a time); a fit commits a revision, and the rebuild that
    // follows finds nothing to predict.
    work.measurementPredictor.onCompleted(() => void work.calibration.refit());
    stoppers.push(() => work.calibration.stop());
    // The mail outbox is sent from the start (mails queued before a crash included), and each mail
    // queued here nudges the sender (before its commit: it looks again shortly after).
    work.mailOutbox.onEnqueued(() => work.mailSender.nudge());
    work.mailSender.start();
    stoppers.push(() => work.mailSender.stop());
    // Waiting people are told when a rebuild (the first one in start() included) or a footprint
    // makes their spot live, and at once when they confirm at a spot that is live already. The
    // matcher stops after the engine (stopped in reverse) and before the footprints it reads; a
    // run it has going when the engine stops reads the index the engine leaves in memory.
    work.coverage.onRebuilt(() => work.waitlistMatcher.request());
    work.footprints.onChanged(() => work.waitlistMatcher.request());
    work.waitlist.onConfirmed(() => work.waitlistMatcher.request());
    stoppers.push(() => work.waitlistMatcher.stop());
    await work.coverage.start();
    stoppers.push(() => work.coverage.stop());
    // Other processes' changes arrive at once by LISTEN/NOTIFY on PostgreSQL; the engine's poll stays as the fallback.
    const notifications = await work.listenForRevisions(() => work.coverage.refresh());
    stoppers.push(() => notifications.close());
    work.myMaps.startSchedule();
    stoppers.push(() => work.myMaps.stopSchedule());
    // Webhooks: delivered as this process writes events (a nudge, before their commit: the worker
    // looks again shortly after) and by a poll (retries, other processes' events); a stop lets a
    // send in flight finish or time out (10 s).
    work.events.onEmitted(() => work.webhookDelivery.nudge());
    work.webhooks.onQueued(() => work.webhookDelivery.nudge());
    work.webhookDelivery.start();
    stoppers.push(() => work.webhookDelivery.stop());
    // Unconfirmed waitlist entries go after 7 days, by one process (a job lock), hourly.
    work.waitlistPurge.start();
    stoppers.push(() => work.waitlistPurge.stop());
    // Audit entries past the team's retention go, by one process (a job lock), hourly.
    work.auditPrune.start();
    stoppers.push(() => work.auditPrune.stop());
    // Mails sent or given up and webhook deliveries delivered or failed go after 30 days, by one
    // process (a job lock), hourly, in batches; pending ones stay.
    work.outboxPrune.start();
    stoppers.push(() => work.outboxPrune.stop());
    return stoppers;
  } catch (error) {
    await stopInReverse(stoppers);
    throw error;
  }
}

/** Runs the stoppers last first, one at a time, each after the previous one has finished. */
export async function stopInReverse(stoppers: readonly Stopper[]): Promise<void> {
  for (const stop of [...stoppers].reverse()) await stop();
}
