import { describe, expect, it } from 'vitest';
import { TileMemory } from './tileMemory.js';

const tile = (byteSize: number) => ({ byteSize });

describe('TileMemory', () => {
  it('keeps tiles within its byte budget, dropping the least recently used', async () => {
    const memory = new TileMemory(100);
    await memory.load('a', async () => tile(40));
    await memory.load('b', async () => tile(40));
    await memory.load('a', async () => tile(40));
    await memory.load('c', async () => tile(40));
    expect(memory.bytes).toBe(80);
    expect(memory.peek('a')).toBeDefined();
    expect(memory.peek('b')).toBeUndefined();
    expect(memory.peek('c')).toBeDefined();
  });

  it('makes room for a tile before reading it, so the tiles held never exceed the budget', async () => {
    const memory = new TileMemory(100);
    await memory.load('a', async () => tile(40), 40);
    await memory.load('b', async () => tile(40), 40);
    let heldWhileReading = -1;
    await memory.load(
      'c',
      async () => {
        heldWhileReading = memory.bytes;
        return tile(40);
      },
      40,
    );
    expect(heldWhileReading).toBe(40);
    expect(memory.peek('a')).toBeUndefined();
    expect(memory.bytes).toBe(80);
  });

  it('reads a tile once for loads that overlap', async () => {
    const memory = new TileMemory(100);
    let reads = 0;
    let finishReading = () => undefined as void;
    const reading = new Promise<void>((resolve) => (finishReading = resolve));
    const read = async () => {
      reads += 1;
      await reading;
      return tile(10);
    };
    // The second load starts while the first one's read is still unfinished.
    const loads = Promise.all([memory.load('a', read), memory.load('a', read)]);
    finishReading();
    const [first, second] = await loads;
    expect(reads).toBe(1);
    expect(first).toBe(second);
  });

  it('hands out a tile larger than the whole budget without keeping it', async () => {
    const memory = new TileMemory(100);
    expect((await memory.load('huge', async () => tile(500))).byteSize).toBe(500);
    expect(memory.bytes).toBe(0);
    expect(memory.peek('huge')).toBeUndefined();
  });
});
