import { describe, expect, it } from 'vitest';
import { terrainFileProblem } from './terrainFile.js';

describe('terrain tile file check before upload', () => {
  it('takes .hgt, and .zip or .gz (the server finds the tile inside), in any case', () => {
    for (const name of ['S34E018.hgt', 'S34E018.HGT', 'N05W120.hgt.zip', 'n05w120.hgt.gz', 'srtm-download.zip'])
      expect(terrainFileProblem({ name, size: 1000 }), name).toBeNull();
  });

  it('refuses other files, empty ones and those over 100 MB', () => {
    expect(terrainFileProblem({ name: 'S34E018.hgt.txt', size: 10 })).toBe('Choose an .hgt, .hgt.zip or .hgt.gz file');
    expect(terrainFileProblem({ name: 'terrain.tif', size: 10 })).toBe('Choose an .hgt, .hgt.zip or .hgt.gz file');
    expect(terrainFileProblem({ name: 'S34E018.hgt', size: 0 })).toBe('The file is empty');
    expect(terrainFileProblem({ name: 'S34E018.hgt', size: 100 * 1024 * 1024 + 1 })).toBe('A terrain tile upload must be at most 100 MB');
  });
});
