import { describe, expect, it, vi } from 'vitest';
import { randomId, SESSION_ID_KEY, visitSessionId } from './sessionId.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('visitSessionId', () => {
  it('creates one random id per visit and keeps it in session storage', () => {
    const storage = memoryStorage();
    const newId = vi.fn(() => 'id-0123456789');
    expect(visitSessionId(storage, newId)).toBe('id-0123456789');
    expect(visitSessionId(storage, newId)).toBe('id-0123456789');
    expect(newId).toHaveBeenCalledTimes(1);
    expect(storage.items.get(SESSION_ID_KEY)).toBe('id-0123456789');
  });

  it('still gives a stable id when storage refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    const first = visitSessionId(refusing, () => 'memory-id-1');
    expect(visitSessionId(refusing, () => 'memory-id-2')).toBe(first);
  });

  it('makes ids long enough for the server (at least 8 characters) and different each time', () => {
    const a = randomId();
    expect(a.length).toBeGreaterThanOrEqual(8);
    expect(randomId()).not.toBe(a);
  });
});
