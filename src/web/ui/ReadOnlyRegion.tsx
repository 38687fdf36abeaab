import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Its content as it is, or, when `readOnly`, inside a disabled fieldset: every input and button in
 * it is disabled by the browser itself, so a card built for editing reads as a view (a viewer's).
 */
export function ReadOnlyRegion({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  if (!readOnly) return <>{children}</>;
  return (
    <Box component="fieldset" disabled sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      {children}
    </Box>
  );
}
