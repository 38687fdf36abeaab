import { ADMIN_LOGIN_PATH } from '../auth/adminPaths.js';
import { clearToken, readToken } from '../auth/tokenStore.js';
import { ApiError } from './ApiError.js';
import { fileNameFromContentDisposition } from './contentDisposition.js';

/**
 * Downloads (a CSV export of every matching row) may take far longer than ordinary calls.
 * Kept apart from apiClient so the public pages, which download nothing, do not carry it.
 */
export const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

export interface ApiDownload {
  blob: Blob;
  /** The file name the server gave in Content-Disposition, if any. */
  fileName: string | null;
}

/**
 * GETs a file (e.g. a report's `?format=csv`) under /api with the rules of apiRequest: the bearer
 * token when asked, ApiError with the server's message on failure (failures are JSON envelopes),
 * and a 401 on an authenticated call ends the admin session. Gives up after 5 minutes.
 */
export async function apiDownload(path: string, options: { authenticated?: boolean; signal?: AbortSignal } = {}): Promise<ApiDownload> {
  const { authenticated = false, signal } = options;
  const token = authenticated ? readToken() : null;
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  try {
    const response = await fetch(`/api${path}`, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (response.status === 401 && token) {
      clearToken();
      window.location.assign(ADMIN_LOGIN_PATH);
    }
    if (!response.ok) throw await failureOf(response);
    const blob = await response.blob();
    return { blob, fileName: fileNameFromContentDisposition(response.headers.get('Content-Disposition')) };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(`The download did not finish within ${DOWNLOAD_TIMEOUT_MS / 60_000} minutes.`, null);
    }
    // A caller's own cancellation is not a failure to report.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Could not download the file. Check your connection and try again.', null);
  }
}

/** The server's message from a failure envelope, or the HTTP status. */
async function failureOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return new ApiError(parsed.message, response.status);
  } catch {
    // Not JSON: described below.
  }
  return new ApiError(`The download failed (HTTP ${response.status}).`, response.status);
}
