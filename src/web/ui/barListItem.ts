/** One row of a BarList (kept apart from the component so pure modules and their tests can build rows). */
export interface BarListItem {
  key: string | number;
  label: string;
  value: number;
  /** The bar's colour; the primary colour when absent. */
  color?: string;
}
