import type { AntennaPatternDetail, AntennaPatternSummary } from '../../common/api/antennaPatterns.js';
import { countText } from '../../common/countText.js';
import { halfPowerBeam } from '../../geo/rf/antenna/halfPowerBeam.js';
import { PatternFileError } from '../../geo/rf/antenna/patternFileError.js';
import { readAntennaPattern } from '../../geo/rf/antenna/readAntennaPattern.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { Transactions } from '../db/transactions.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { AntennaPatternRepository, PatternRecord, PatternUser } from './antennaPatternRepository.js';

export type PatternStore = Pick<AntennaPatternRepository, 'list' | 'find' | 'insert' | 'usersOf' | 'delete'>;

/** An uploaded pattern file: its name as the browser sent it, and its bytes. */
export interface PatternUpload {
  fileName: string;
  bytes: Uint8Array;
}

const NOT_FOUND = 'Antenna pattern not found';
/** How many users a refused delete names before counting the rest. */
const USERS_NAMED = 5;

/**
 * The antenna pattern library: uploads read by src/geo/rf/antenna (format told by content; a bad
 * file is refused whole, its message naming the file and line), the built-ins seeded by migration
 * 0013, and deletes refused while a sector uses the pattern. Patterns change no wireless answer by
 * themselves (only a sector that uses one does, and SectorService commits that), so writes here do
 * not move the coverage revision.
 */
export class AntennaPatternService {
  constructor(
    private readonly repo: PatternStore,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly audit: AuditRecorder,
  ) {}

  async list(): Promise<AntennaPatternSummary[]> {
    return (await this.repo.list()).map(summaryOf);
  }

  async get(id: number): Promise<AntennaPatternDetail> {
    const record = await this.repo.find(id);
    if (!record) throw new NotFoundError(NOT_FOUND);
    return detailOf(record);
  }

  /** Reads one pattern file, or SPLAT!'s .az and .el, and stores it; nothing is stored when a file is refused. */
  async upload(files: readonly PatternUpload[], options: { name?: string | undefined; gainDbi?: number | undefined }): Promise<AntennaPatternDetail> {
    if (files.length === 0) throw new ValidationError('Choose a pattern file to upload (form field "file"; SPLAT!\'s .az and .el as two "file" parts)');
    let pattern;
    try {
      pattern = readAntennaPattern(
        files.map((file) => ({ fileName: file.fileName, text: new TextDecoder('utf-8').decode(file.bytes) })),
        { ...(options.name === undefined ? {} : { name: options.name }), gainDbi: options.gainDbi ?? null },
      );
    } catch (error) {
      if (error instanceof PatternFileError) throw new ValidationError(error.message);
      throw error;
    }
    const fields = {
      name: pattern.name.trim().slice(0, 200) || 'Antenna pattern',
      format: pattern.format,
      file_name: files.map((file) => file.fileName).join(', ') || null,
      peak_gain_dbi: pattern.gainDbi,
      horizontal_db: pattern.horizontalDb,
      vertical_db: pattern.verticalDb,
      tilt_deg: pattern.tiltDeg,
      tilt_azimuth_deg: pattern.tiltAzimuthDeg,
      created_at: this.clock.now().toISOString(),
    };
    const record = await this.transactions.run(async (trx) => {
      const inserted = await this.repo.insert(fields, trx);
      // The summary: the 720 attenuations are the pattern's data, not what an auditor reads.
      await this.audit.record(trx, { entity: 'antenna_pattern', entityId: inserted.id, action: 'upload', after: summaryOf(inserted) });
      return inserted;
    });
    return detailOf(record);
  }

  /** Deletes an uploaded pattern no sector uses; built-ins and patterns in use are refused. */
  async delete(id: number): Promise<void> {
    await this.transactions.run(async (trx) => {
      const record = await this.repo.find(id, trx);
      if (!record) throw new NotFoundError(NOT_FOUND);
      if (record.builtin_key !== null) throw new ValidationError(`"${record.name}" is a built-in pattern and cannot be deleted`);
      const users = await this.repo.usersOf(id, trx);
      if (users.length > 0) throw new ConflictError(inUseMessage(record.name, users));
      const outcome = await this.repo.delete(id, trx);
      if (outcome === 'missing') throw new NotFoundError(NOT_FOUND);
      if (outcome === 'in_use')
        throw new ConflictError(`Antenna pattern "${record.name}" was just given to a sector: give it another pattern or delete it first`);
      await this.audit.record(trx, { entity: 'antenna_pattern', entityId: id, action: 'delete', before: summaryOf(record) });
    });
  }
}

/** "…is used by 2 sectors (Signal Hill: North, Blaauwberg: East): give them another pattern or delete them first". */
export function inUseMessage(patternName: string, users: readonly PatternUser[]): string {
  const named = users.slice(0, USERS_NAMED).map((user) => `${user.tower_name}: ${user.sector_name}`);
  if (users.length > USERS_NAMED) named.push(`and ${countText(users.length - USERS_NAMED, 'more', 'more')}`);
  return `Antenna pattern "${patternName}" is used by ${countText(users.length, 'sector')} (${named.join(', ')}): give them another pattern or delete them first`;
}

/** Beamwidths are answered to a tenth of a degree: they label a list and size a wedge on a map. */
const beamwidthOf = (tableDb: readonly number[]) => Math.round(halfPowerBeam(tableDb).widthDeg * 10) / 10;

function summaryOf(record: PatternRecord): AntennaPatternSummary {
  return {
    id: record.id,
    name: record.name,
    format: record.format as AntennaPatternSummary['format'],
    file_name: record.file_name,
    peak_gain_dbi: record.peak_gain_dbi,
    tilt_deg: record.tilt_deg,
    tilt_azimuth_deg: record.tilt_azimuth_deg,
    builtin: record.builtin_key !== null,
    horizontal_beamwidth_deg: beamwidthOf(record.horizontal_db),
    vertical_beamwidth_deg: beamwidthOf(record.vertical_db),
    sector_count: record.sector_count,
    created_at: record.created_at,
  };
}

function detailOf(record: PatternRecord): AntennaPatternDetail {
  return { ...summaryOf(record), horizontal_db: record.horizontal_db, vertical_db: record.vertical_db };
}
