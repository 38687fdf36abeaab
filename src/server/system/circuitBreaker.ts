/**
 * Stops calling a service that has just failed: after a failure the circuit is open for
 * `coolDownMs`, and calls are refused at once instead of each waiting for its own timeout. After
 * the cool-down one call is let through; its outcome closes or re-opens the circuit.
 */
export class CircuitBreaker {
  private openUntil = 0;
  private trial = false;

  constructor(
    private readonly coolDownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a call may go out now. While half-open, only the first caller gets true. */
  allows(): boolean {
    if (this.openUntil === 0) return true;
    if (this.now() < this.openUntil || this.trial) return false;
    this.trial = true;
    return true;
  }

  succeeded(): void {
    this.openUntil = 0;
    this.trial = false;
  }

  failed(): void {
    this.openUntil = this.now() + this.coolDownMs;
    this.trial = false;
  }
}
