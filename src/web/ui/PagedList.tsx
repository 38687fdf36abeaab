import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { errorMessage } from '../api/ApiError.js';
import { pageInRange } from './pageInRange.js';
import { formatCount } from './reportFormat.js';
import { RetryAlert } from './RetryAlert.js';

/** What PagedList reads of a TanStack query of one page of a list (kept while the next page loads). */
export interface PageQuery<T> {
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  data: { items: readonly T[]; total: number } | undefined;
  refetch: () => unknown;
}

/** Which page is shown (from 1), how many rows a page holds, and how to show another. */
export interface Paging {
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

interface PagedListProps<T> {
  query: PageQuery<T>;
  paging: Paging;
  /** Names the skeleton of the first load and the bar over the rows while another page loads ("Loading the audit log"). */
  loadingLabel: string;
  /** The error's first words, before the server's message ("Failed to load the audit log"). */
  loadFailed: string;
  /** Shown instead of the table when the page has no rows (NoRowsPanel). */
  empty: ReactNode;
  /** The page's table, given its rows and the pagination to show as its footer. */
  children: (items: readonly T[], footer: ReactNode) => ReactNode;
  /** What stands around the rows once a page has loaded (the rows as `rows`); the rows alone by default. */
  around?: (rows: ReactNode) => ReactNode;
}

/**
 * The states of an admin list served a page at a time: the first load (a skeleton), a failure with
 * Retry (while no page is on screen), a page with no rows, and the page's table with its pagination;
 * while another page loads the old one stays under a progress bar.
 */
export function PagedList<T>({ query, paging, loadingLabel, loadFailed, empty, children, around = (rows) => rows }: PagedListProps<T>) {
  const { data } = query;
  return (
    <>
      {query.isPending && (
        <Box role="status" aria-label={loadingLabel}>
          <Skeleton variant="rounded" height={240} />
        </Box>
      )}
      {query.isError && !data && (
        <RetryAlert onRetry={() => void query.refetch()}>
          {loadFailed}. {errorMessage(query.error, '')}
        </RetryAlert>
      )}
      {data &&
        around(
          <Box sx={{ position: 'relative' }} aria-busy={query.isPlaceholderData}>
            {query.isPlaceholderData && <LinearProgress aria-label={loadingLabel} sx={{ position: 'absolute', top: -4, left: 0, right: 0 }} />}
            {data.items.length === 0
              ? empty
              : children(
                  data.items,
                  <TablePagination
                    component="div"
                    count={data.total}
                    page={paging.page - 1}
                    rowsPerPage={paging.pageSize}
                    rowsPerPageOptions={[]}
                    onPageChange={(_event, page) => paging.onPageChange(page + 1)}
                    labelDisplayedRows={({ from, to, count }) => `${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}`}
                  />,
                )}
          </Box>,
        )}
    </>
  );
}

/** A page with no rows: an icon (if any), a heading and what to try. */
export function NoRowsPanel({ icon, title, text }: { icon?: ReactNode; title: string; text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
      {icon}
      <Typography variant="h6" component="h2" sx={icon ? { mt: 1 } : undefined}>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </Paper>
  );
}

/**
 * The list's total once it is settled (not while a changed filter's page loads): null until then.
 * A page past the end of a settled total (its last row deleted, or an old link) moves to the last
 * page there is.
 */
export function useSettledTotal(query: PageQuery<unknown>, paging: Paging): number | null {
  const settledTotal = query.data && !query.isPlaceholderData ? query.data.total : null;
  const { page, pageSize, onPageChange } = paging;
  useEffect(() => {
    if (settledTotal === null) return;
    const inRange = pageInRange(page, settledTotal, pageSize);
    if (inRange !== page) onPageChange(inRange);
  }, [settledTotal, page, pageSize, onPageChange]);
  return settledTotal;
}
