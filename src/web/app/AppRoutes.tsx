import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { CenteredSpinner } from '../ui/CenteredSpinner.js';

// Each area is its own chunk: a visitor of the public map never downloads admin code, and the
// embed page does not wait for the admin screens either. Each is loaded through its feature's
// index, which therefore exports the page only: code that other areas import statically lives in
// features without a page (coverage-check, embedding), so importing it never pulls a page along.
const PublicMapPage = lazy(() =>
  import('../features/public-map/index.js').then((module) => ({ default: module.PublicMapPage })),
);
const EmbedMapPage = lazy(() =>
  import('../features/embed/index.js').then((module) => ({ default: module.EmbedMapPage })),
);
const WidgetPage = lazy(() =>
  import('../features/widget/index.js').then((module) => ({ default: module.WidgetPage })),
);
const LoginPage = lazy(() =>
  import('../features/login/index.js').then((module) => ({ default: module.LoginPage })),
);
const AdminRoutes = lazy(() =>
  import('../features/admin-shell/index.js').then((module) => ({ default: module.AdminRoutes })),
);

/** The routes of SPEC.md section 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<CenteredSpinner label="Loading page" />}>
      <Routes>
        <Route path="/" element={<PublicMapPage />} />
        <Route path="/map" element={<PublicMapPage />} />
        <Route path="/widget" element={<WidgetPage />} />
        <Route path="/embed" element={<EmbedMapPage />} />
        <Route path="/admin/login" element={<LoginPage />} />
        <Route path="/admin/*" element={<AdminRoutes />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
