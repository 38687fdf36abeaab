/** A count with its noun, singular for exactly one: "1 tower", "0 towers", "2 rows". */
export function countText(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
