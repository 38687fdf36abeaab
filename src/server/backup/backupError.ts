/** A backup or restore that cannot go ahead; the message tells the operator why and what to do. */
export class BackupError extends Error {}

/** Where progress and the summary go (the command line prints each line). */
export type Report = (line: string) => void;

/**
 * Stops between steps once the operator interrupts (Ctrl-C), so the temporary files are removed
 * on the way out; the caller words the message (what was and was not done).
 */
export function throwIfInterrupted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new BackupError('Interrupted.');
}
