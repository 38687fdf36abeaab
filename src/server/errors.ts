/** Domain errors; the one error handler maps each to its HTTP status and the `{success:false}` envelope. */
export class AppError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(message, 400);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(message, 401);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(message, 404);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(message, 409);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    /** Seconds until a retry may succeed, sent as Retry-After. */
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
  }
}

export class UpstreamError extends AppError {
  constructor(message: string) {
    super(message, 502);
  }
}
