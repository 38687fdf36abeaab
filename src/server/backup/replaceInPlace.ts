import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './backupError.js';

export interface Replacement {
  /** The new file or folder, ready (extracted and checked). */
  staged: string;
  /** Where it goes; whatever is there now is replaced. */
  target: string;
  /** Files that belong to the target and go with it (a database's -wal and -shm). */
  companions?: string[];
}

interface Done {
  placed: string | null;
  /** [original path, where it was moved aside] */
  movedAside: [string, string][];
}

/**
 * Puts every staged file or folder in place, all or none: each current target (and its
 * companions) is first renamed aside beside itself, then the staged one is moved in; if any step
 * fails, what was done is undone in reverse and the error is thrown. The old data is deleted
 * only once everything is in place. Synchronous on purpose: no signal handler or other task can
 * run between two steps.
 */
export function replaceAll(replacements: Replacement[]): void {
  const suffix = `.before-restore-${randomBytes(4).toString('hex')}`;
  const done: Done[] = [];
  try {
    for (const { staged, target, companions = [] } of replacements) {
      const step: Done = { placed: null, movedAside: [] };
      done.push(step);
      for (const current of [target, ...companions]) {
        if (!fs.existsSync(current)) continue;
        fs.renameSync(current, `${current}${suffix}`);
        step.movedAside.push([current, `${current}${suffix}`]);
      }
      moveInto(staged, target);
      step.placed = target;
    }
  } catch (error) {
    const stranded = undo(done.reverse());
    if (stranded.length === 0) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`${reason}; putting the old data back failed too: it is at ${stranded.join(', ')}`);
  }
  for (const step of done) {
    for (const [, aside] of step.movedAside) fs.rmSync(aside, { recursive: true, force: true });
  }
}

/** Renames; across file systems (a TERRAIN_DIR on another disk) copies beside the target first, then renames that copy in. */
function moveInto(staged: string, target: string): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  try {
    fs.renameSync(staged, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const copy = `${target}.restoring-${randomBytes(4).toString('hex')}`;
    try {
      fs.cpSync(staged, copy, { recursive: true, preserveTimestamps: true });
      fs.renameSync(copy, target);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }
}

/** Puts the old data back; answers the places of any that could not be moved back. */
function undo(steps: Done[]): string[] {
  const stranded: string[] = [];
  for (const step of steps) {
    if (step.placed) fs.rmSync(step.placed, { recursive: true, force: true });
    for (const [original, aside] of step.movedAside.reverse()) {
      try {
        fs.renameSync(aside, original);
      } catch {
        stranded.push(aside);
      }
    }
  }
  return stranded;
}
