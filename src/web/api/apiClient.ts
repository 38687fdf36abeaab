import type { ApiEnvelope } from '../../common/api/envelope.js';
import { ADMIN_LOGIN_PATH } from '../auth/adminPaths.js';
import { clearToken, readToken } from '../auth/tokenStore.js';
import { ApiError, type FieldError } from './ApiError.js';

const API_BASE = '/api';

/** Every call gives up after 10 s. */
export const API_TIMEOUT_MS = 10_000;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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

  // A rejected token ends the admin session wherever it happens. Calls made
  // without a token (the login itself) report their 401 to the caller instead.
  if (response.status === 401 && token) {
    clearToken();
    window.location.assign(ADMIN_LOGIN_PATH);
  }

  const envelope = await readEnvelope<T>(response);
  if (!response.ok || !envelope.success) {
    throw failureOf(envelope, response.status);
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
  return parseEnvelope<T>(await response.text().catch(() => ''), response.status);
}

function parseEnvelope<T>(text: string, status: number): ApiEnvelope<T> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && 'success' in parsed) return parsed as ApiEnvelope<T>;
  } catch {
    // Not JSON: handled below.
  }
  // A proxy error page or an empty body: no envelope, so describe the HTTP outcome instead.
  return { success: false, message: `Unexpected response from the server (HTTP ${status}).` };
}

/** The human part of a failure envelope: its message, the optional `error` detail some routes add, and the fields a validation refusal names. */
function failureOf(envelope: ApiEnvelope<unknown>, status: number): ApiError {
  const { error: extra, errors } = envelope as { error?: unknown; errors?: unknown };
  return new ApiError(
    envelope.message ?? `The request failed (HTTP ${status}).`,
    status,
    typeof extra === 'string' && extra !== envelope.message ? extra : undefined,
    Array.isArray(errors) ? errors.filter(isFieldError) : [],
  );
}

function isFieldError(value: unknown): value is FieldError {
  return value !== null && typeof value === 'object' && typeof (value as FieldError).field === 'string' && typeof (value as FieldError).message === 'string';
}

/** Uploads (KML files of up to 50 MB, logos) may take far longer than ordinary calls. */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export interface ApiUploadOptions {
  method?: 'POST' | 'PUT';
  /**
   * A FormData is sent as multipart/form-data (the browser writes the boundary); a Blob as it is,
   * its type the Content-Type (a JSON file of measurements).
   */
  body: FormData | Blob;
  /** Send the stored admin token as a bearer credential. */
  authenticated?: boolean;
  /** Called with the fraction (0 to 1) of the request body sent so far. */
  onProgress?: (fraction: number) => void;
  /** Cancels the upload. */
  signal?: AbortSignal;
}

/**
 * Sends a multipart form and returns the whole envelope. XMLHttpRequest rather than fetch, because
 * only it reports upload progress. Same rules as apiRequest: ApiError with the server's message on
 * failure, and a 401 on an authenticated call ends the admin session. Gives up after 5 minutes.
 */
export function apiUpload<T>(path: string, options: ApiUploadOptions): Promise<ApiEnvelope<T>> {
  const { method = 'POST', body, authenticated = false, onProgress, signal } = options;
  const token = authenticated ? readToken() : null;

  return new Promise<ApiEnvelope<T>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
    }
    xhr.onload = () => {
      settle();
      if (xhr.status === 401 && token) {
        clearToken();
        window.location.assign(ADMIN_LOGIN_PATH);
      }
      const envelope = parseEnvelope<T>(xhr.responseText, xhr.status);
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (!ok || !envelope.success) {
        reject(failureOf(envelope, xhr.status));
        return;
      }
      resolve(envelope);
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError('Could not reach the server. Check your connection and try again.', null));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new ApiError(`The upload did not finish within ${UPLOAD_TIMEOUT_MS / 60_000} minutes.`, null));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.send(body);
  });
}
