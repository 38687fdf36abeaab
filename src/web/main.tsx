import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppErrorBoundary } from './app/AppErrorBoundary.js';
import { prerenderFits, publicPageAt, publicPageTree } from './app/publicPage.js';

const FullApp = lazy(() => import('./app/FullApp.js').then((module) => ({ default: module.FullApp })));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const { pathname, search } = window.location;
const publicPage = publicPageAt(pathname);

// As a transition React renders (or takes over) the page in slices of a few milliseconds, yielding
// to the browser between them, rather than in one long task that blocks input while the page starts.
startTransition(() => {
  if (publicPage && rootElement.dataset.prerendered === publicPage && prerenderFits(publicPage, search)) {
    hydrateRoot(rootElement, publicPageTree(publicPage, search));
  } else if (publicPage) {
    createRoot(rootElement).render(publicPageTree(publicPage, search));
  } else {
    createRoot(rootElement).render(
      <StrictMode>
        <AppErrorBoundary>
          {/* index.html's own loading line (its class is styled there) until the full app's download arrives. */}
          <Suspense
            fallback={
              <p className="app-loading" role="status">
                Loading…
              </p>
            }
          >
            <FullApp />
          </Suspense>
        </AppErrorBoundary>
      </StrictMode>,
    );
  }
});
