import { describe, expect, it } from 'vitest';
import { memoryPatterns } from '../testing/fakes.js';
import { newAntennaPatternService } from '../testing/services.js';
import { inUseMessage } from './antennaPatternService.js';

const file = (fileName: string, text: string) => ({ fileName, bytes: new TextEncoder().encode(text) });
const ANT = Array.from({ length: 360 }, () => '0').join('\n');

describe('AntennaPatternService', () => {
  it('stores a readable upload with its file name, and nothing when the file is refused', async () => {
    const { service, patterns } = newAntennaPatternService();
    await expect(service.upload([file('rm.ant', ANT.replace('\n0\n', '\nzero\n'))], { gainDbi: 12 })).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/^rm\.ant: Line 2: /),
    });
    await expect(service.upload([], {})).rejects.toMatchObject({ kind: 'validation' });
    expect(patterns.rows.size).toBe(0);

    const stored = await service.upload([file('rm.ant', ANT)], { name: 'RM', gainDbi: 12 });
    expect(stored).toMatchObject({ name: 'RM', format: 'radio_mobile_ant', file_name: 'rm.ant', peak_gain_dbi: 12, builtin: false, sector_count: 0 });
    expect(stored.horizontal_db).toHaveLength(360);
  });

  it('refuses to delete a built-in or a pattern in use, and deletes one unused', async () => {
    const { service, patterns } = newAntennaPatternService({ patterns: memoryPatterns() });
    const uploaded = await service.upload([file('rm.ant', ANT)], { name: 'RM', gainDbi: 12 });
    patterns.rows.set(50, { ...patterns.rows.get(uploaded.id)!, id: 50, name: 'Generic 90° sector', builtin_key: 'sector_90' });
    await expect(service.delete(50)).rejects.toMatchObject({ kind: 'validation', message: '"Generic 90° sector" is a built-in pattern and cannot be deleted' });

    patterns.users.set(uploaded.id, [{ tower_name: 'Signal Hill', sector_name: 'North' }]);
    await expect(service.delete(uploaded.id)).rejects.toMatchObject({ kind: 'conflict', message: expect.stringContaining('(Signal Hill: North)') });
    patterns.users.delete(uploaded.id);
    await service.delete(uploaded.id);
    expect(patterns.rows.has(uploaded.id)).toBe(false);
    await expect(service.delete(uploaded.id)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('answers a conflict when a sector took the pattern between the check and the delete', async () => {
    const { service, patterns } = newAntennaPatternService();
    const uploaded = await service.upload([file('rm.ant', ANT)], { name: 'RM', gainDbi: 12 });
    patterns.delete = async () => 'in_use';
    await expect(service.delete(uploaded.id)).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/^Antenna pattern "RM" was just given to a sector/),
    });
  });

  it('names at most five users of a pattern and counts the rest', () => {
    const users = Array.from({ length: 7 }, (_, i) => ({ tower_name: `T${i}`, sector_name: 'N' }));
    expect(inUseMessage('P', users)).toBe(
      'Antenna pattern "P" is used by 7 sectors (T0: N, T1: N, T2: N, T3: N, T4: N, and 2 more): give them another pattern or delete them first',
    );
  });
});
