import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What QueryStates reads of a TanStack query of a list. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  data: readonly T[] | undefined;
}

interface QueryStatesProps<T> {
  query: ListQuery<T>;
  /** Shown while the list loads (LoadingPanel). */
  loading: ReactNode;
  /** Shown when the list could not be loaded, usually with a way to try again. */
  error: ReactNode;
  /** Shown instead of `children` when the list is empty (EmptyPanel). */
  empty: ReactNode;
  /** Shown above the list or `empty` once it has loaded (summaries of the whole list). */
  above?: (items: readonly T[]) => ReactNode;
  children: (items: readonly T[]) => ReactNode;
}

/** The four states of an admin list page: loading, failed, empty, and the list itself. */
export function QueryStates<T>({ query, loading, error, empty, above, children }: QueryStatesProps<T>) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError) return <>{error}</>;
  if (!query.isSuccess || !query.data) return null;
  return (
    <>
      {above?.(query.data)}
      {query.data.length === 0 ? empty : children(query.data)}
    </>
  );
}

/**
 * A spinner in a panel. `label` names it for assistive technology; with `visibleLabel` it is
 * written under the spinner too, and the panel is a status region.
 */
export function LoadingPanel({ label, visibleLabel = false }: { label: string; visibleLabel?: boolean }) {
  if (visibleLabel) {
    return (
      <Paper variant="outlined" role="status" sx={{ p: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <CircularProgress aria-hidden />
        <Typography>{label}</Typography>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 6, display: 'flex', justifyContent: 'center' }}>
      <CircularProgress aria-label={label} />
    </Paper>
  );
}

/** An empty list: an icon, a heading, what to do, and the buttons that do it. */
export function EmptyPanel({ icon, title, text, actions }: { icon: ReactNode; title: string; text: string; actions?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
      {icon}
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
      {actions}
    </Paper>
  );
}
