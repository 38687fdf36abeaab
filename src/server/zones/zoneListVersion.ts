/**
 * A number that moves whenever what the public zone list shows may have moved in this process: a
 * zone written (ZoneService) or an entry of a zone confirmed (ZoneGoals). GET /api/zones keeps the
 * answer it built while the number stands still (for a few seconds at most: another process's
 * writes, and a provider renamed or entries deleted, are not counted here).
 */
export class ZoneListVersion {
  private value = 0;

  get current(): number {
    return this.value;
  }

  invalidate(): void {
    this.value += 1;
  }
}
