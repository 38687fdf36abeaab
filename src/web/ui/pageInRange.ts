/** `page` (from 1) if it holds rows of `total` at `pageSize` a page, else the last page that does (page 1 when there are none). */
export function pageInRange(page: number, total: number, pageSize: number): number {
  return Math.min(page, Math.max(1, Math.ceil(total / pageSize)));
}
