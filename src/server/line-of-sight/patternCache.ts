import type { AntennaPattern, PatternFormat } from '../../geo/rf/antenna/antennaPattern.js';
import type { AntennaPatternRepository, PatternRecord } from '../antenna-patterns/antennaPatternRepository.js';

/**
 * The library's patterns as the links read them, each read once: a stored pattern never changes
 * (the library has no update, and ids are never reused), so an entry stays true for the process's
 * life. Only patterns some sector used are kept, about 6 kB each.
 */
export class PatternCache {
  private readonly patterns = new Map<number, Promise<AntennaPattern | undefined>>();

  constructor(private readonly store: Pick<AntennaPatternRepository, 'find'>) {}

  /** The pattern with this id, or undefined when the library has none (a failed or empty read is not kept). */
  get(id: number): Promise<AntennaPattern | undefined> {
    let pattern = this.patterns.get(id);
    if (!pattern) {
      pattern = this.store.find(id).then((record) => record && patternOf(record));
      this.patterns.set(id, pattern);
      pattern.then(
        (read) => {
          if (!read) this.patterns.delete(id);
        },
        () => this.patterns.delete(id),
      );
    }
    return pattern;
  }
}

function patternOf(record: PatternRecord): AntennaPattern {
  return {
    name: record.name,
    format: record.format as PatternFormat,
    gainDbi: record.peak_gain_dbi,
    horizontalDb: record.horizontal_db,
    verticalDb: record.vertical_db,
    tiltDeg: record.tilt_deg,
    tiltAzimuthDeg: record.tilt_azimuth_deg,
  };
}
