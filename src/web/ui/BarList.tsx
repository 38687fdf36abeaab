import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { BarListItem } from './barListItem.js';

export type { BarListItem } from './barListItem.js';

interface BarListProps {
  items: readonly BarListItem[];
  /** Accessible name of the list, e.g. "Searches by action". */
  label: string;
  formatValue: (value: number) => string;
  /** Shown instead of the list when it has no items. */
  emptyText: string;
  /** What the bars are a share of; the largest value when absent (so the first bar is full). */
  total?: number;
}

/**
 * A ranked list of labelled counts, each with a bar of its share: light to load, readable in print,
 * and a list to assistive technology (each item reads "label value").
 */
export function BarList({ items, label, formatValue, emptyText, total }: BarListProps) {
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {emptyText}
      </Typography>
    );
  }
  const scale = total ?? Math.max(...items.map((item) => item.value));
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
      {items.map((item) => {
        const share = scale > 0 ? Math.min(1, item.value / scale) : 0;
        return (
          <Box component="li" key={item.key} sx={{ breakInside: 'avoid' }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {item.label}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatValue(item.value)}
              </Typography>
            </Box>
            <Box
              aria-hidden
              sx={{
                mt: 0.5,
                height: 6,
                borderRadius: 3,
                bgcolor: 'action.hover',
                overflow: 'hidden',
                printColorAdjust: 'exact',
                WebkitPrintColorAdjust: 'exact',
              }}
            >
              <Box sx={{ height: '100%', width: `${share * 100}%`, bgcolor: item.color ?? 'primary.main', borderRadius: 3 }} />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
