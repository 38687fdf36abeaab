import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes.js';
import { createQueryClient } from './queryClient.js';
import { theme } from './theme.js';

/**
 * Every page but the public map's first screen: the widget page, the sign-in and the admin portal,
 * with MUI's theme, TanStack Query and the router. A download of its own (main.tsx), so a visitor
 * of / or /embed never loads it.
 */
export function FullApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
