import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../app/queryClient.js';
import { theme } from '../app/theme.js';

/**
 * MUI's theme and a data client around a dialog that the public pages load when it first opens:
 * those pages render their first screen without MUI or TanStack Query (the admin portal's
 * providers are not around them), and these come with the dialog's own download.
 */
export function MuiDialogScope({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
