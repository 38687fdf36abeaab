/** A failed API call. The message is meant for people: the server's own, or one written here. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  /** The HTTP status, or null when no HTTP answer arrived (timeout, network failure). */
  readonly status: number | null;

  /** A further technical detail the server sent beside its message (the `error` field), if any. */
  readonly detail: string | undefined;

  constructor(message: string, status: number | null, detail?: string) {
    super(message);
    this.status = status;
    this.detail = detail;
  }
}

/** The message to show for any error a query or mutation produced, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
