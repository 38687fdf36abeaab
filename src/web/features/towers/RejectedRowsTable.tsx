import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { BulkImportResult } from '../../../common/api/towers.js';
import { countText } from '../../../common/countText.js';

/** Most problems listed; the rest are counted (an import of thousands of bad rows stays usable). */
const MAX_LISTED = 200;

/** The rows a bulk import refused: row number (from 1, in the order sent), name, field, message. */
export function RejectedRowsTable({ result }: { result: BulkImportResult }) {
  const captionId = useId();
  const listed = result.errors.slice(0, MAX_LISTED);
  return (
    <>
      <Typography id={captionId} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {result.error_count} {result.error_count === 1 ? 'row was' : 'rows were'} rejected
      </Typography>
      <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-labelledby={captionId}>
          <TableHead>
            <TableRow>
              <TableCell>Row</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Field</TableCell>
              <TableCell>Problem</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {listed.map((error, i) => (
              <TableRow key={`${error.index}-${error.field}-${i}`}>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{error.index + 1}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {error.name ?? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      (no name)
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}>{error.field}</TableCell>
                <TableCell>{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {result.errors.length > MAX_LISTED && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          …and {countText(result.errors.length - MAX_LISTED, 'more problem', 'more problems')}.
        </Typography>
      )}
    </>
  );
}
