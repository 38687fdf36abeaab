import type { ApiEnvelope } from '../../common/api/envelope.js';
import { ADMIN_LOGIN_PATH } from '../auth/adminPaths.js';
import { clearToken, readToken } from '../auth/tokenStore.js';
import { ApiError } from './ApiError.js';

const API_BASE = '/api';

/** SPEC.md section 7: every call gives up after 10 s. */
export const API_TIMEOUT_MS = 10_000;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Send the stored admin token as a bearer credential. */
  authenticated?: boolean;
  /** Cancels the call, e.g. TanStack Query's signal when a query is no longer wanted. */
  signal?: AbortSignal;
}

/**
 * Calls the API and returns the whole envelope, for calls whose success message matters.
 * Throws ApiError for any failure, carrying the server's message when it sent one.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiEnvelope<T>> {
  const { method = 'GET', body, authenticated = false, signal } = options;
  const token = authenticated ? readToken() : null;

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const response = await sendRequest(`${API_BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });

  // SPEC.md section 4: a rejected token ends the admin session wherever it happens. Calls made
  // without a token (the login itself) report their 401 to the caller instead.
  if (response.status === 401 && token) {
    clearToken();
    window.location.assign(ADMIN_LOGIN_PATH);
  }

  const envelope = await readEnvelope<T>(response);
  if (!response.ok || !envelope.success) {
    throw new ApiError(envelope.message ?? `The request failed (HTTP ${response.status}).`, response.status);
  }
  return envelope;
}

/** Calls the API and returns the envelope's data. */
export async function apiData<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const envelope = await apiRequest<T>(path, options);
  if (envelope.data === undefined) {
    throw new ApiError('The server answered without the expected data.', 200);
  }
  return envelope.data;
}

async function sendRequest(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(`The server did not answer within ${API_TIMEOUT_MS / 1000} seconds.`, null);
    }
    // A caller's own cancellation is not a failure to report; TanStack Query expects it rethrown.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Could not reach the server. Check your connection and try again.', null);
  }
}

async function readEnvelope<T>(response: Response): Promise<ApiEnvelope<T>> {
  try {
    return (await response.json()) as ApiEnvelope<T>;
  } catch {
    // A proxy error page or an empty body: no envelope, so describe the HTTP outcome instead.
    return { success: false, message: `Unexpected response from the server (HTTP ${response.status}).` };
  }
}
