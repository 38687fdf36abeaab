import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  NotFoundError,
  OutboundError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
  UnavailableError,
  UpstreamError,
  ValidationError,
} from '../errors.js';
import { statusOf } from './errorHandler.js';

describe('statusOf', () => {
  it('answers each domain error with its HTTP status', () => {
    expect(statusOf(new ValidationError('x'))).toBe(400);
    expect(statusOf(new UnauthorizedError())).toBe(401);
    expect(statusOf(new NotFoundError('x'))).toBe(404);
    expect(statusOf(new ConflictError('x'))).toBe(409);
    expect(statusOf(new PayloadTooLargeError('x'))).toBe(413);
    expect(statusOf(new TooManyRequestsError('x', 60))).toBe(429);
    expect(statusOf(new UpstreamError('x'))).toBe(502);
    expect(statusOf(new UnavailableError('x'))).toBe(503);
  });

  it('answers a URL the admin may not fetch as their mistake, and a failing other server as a gateway error', () => {
    expect(statusOf(new OutboundError('invalid_url', 'x'))).toBe(400);
    expect(statusOf(new OutboundError('refused', 'x'))).toBe(400);
    expect(statusOf(new OutboundError('unreachable', 'x'))).toBe(502);
    expect(statusOf(new OutboundError('too_large', 'x'))).toBe(502);
    expect(statusOf(new OutboundError('invalid_response', 'x'))).toBe(502);
    expect(statusOf(new OutboundError('timeout', 'x'))).toBe(504);
  });
});
