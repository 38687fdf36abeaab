import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppErrorBoundary } from './app/AppErrorBoundary.js';
import { AppRoutes } from './app/AppRoutes.js';
import { createQueryClient } from './app/queryClient.js';
import { theme } from './app/theme.js';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const root = createRoot(rootElement);
// As a transition React renders the app in slices of a few milliseconds, yielding to the browser
// between them, rather than in one long task that blocks input while the page starts.
startTransition(() =>
  root.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AppErrorBoundary>
          <QueryClientProvider client={createQueryClient()}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </QueryClientProvider>
        </AppErrorBoundary>
      </ThemeProvider>
    </StrictMode>,
  ),
);
