/** A failed API call. The message is meant for people: the server's own, or one written here. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  /** The HTTP status, or null when no HTTP answer arrived (timeout, network failure). */
  readonly status: number | null;

  /** A further technical detail the server sent beside its message (the `error` field), if any. */
  readonly detail: string | undefined;

  /**
   * The fields a validation refusal names (the envelope's `errors`: a dotted path such as
   * `cpe_profiles.0.name`, and its message); empty when the refusal names none.
   */
  readonly fieldErrors: readonly FieldError[];

  constructor(message: string, status: number | null, detail?: string, fieldErrors: readonly FieldError[] = []) {
    super(message);
    this.status = status;
    this.detail = detail;
    this.fieldErrors = fieldErrors;
  }
}

export interface FieldError {
  field: string;
  message: string;
}

/** The message to show for any error a query or mutation produced, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/**
 * Each field a refusal names with its first message (a dotted path, e.g. `itm.time_percent`); an
 * empty object for any other error.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  if (!(error instanceof ApiError)) return byField;
  for (const { field, message } of error.fieldErrors) if (field !== '' && byField[field] === undefined) byField[field] = message;
  return byField;
}
