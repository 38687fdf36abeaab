/** Where the visit's search-log session id is kept. */
export const SESSION_ID_KEY = 'coverage_session_id';

type IdStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Used when the page may not use sessionStorage (a sandboxed or storage-blocked iframe). */
let memoryId: string | null = null;

/**
 * One random session id per visit. It lives in sessionStorage, so it lasts as
 * long as the tab and every search of the visit shares it.
 */
export function visitSessionId(storage: IdStorage | null = browserSessionStorage(), newId: () => string = randomId): string {
  if (storage) {
    try {
      const stored = storage.getItem(SESSION_ID_KEY);
      if (stored) return stored;
      const id = newId();
      storage.setItem(SESSION_ID_KEY, id);
      return id;
    } catch {
      // Storage refused (quota, privacy mode): keep the id for this page instead.
    }
  }
  memoryId ??= newId();
  return memoryId;
}

function browserSessionStorage(): IdStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Reading the property itself throws where third-party storage is blocked.
    return null;
  }
}

/** A random UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
