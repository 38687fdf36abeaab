import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { EmbedMapPage } from '../features/embed/index.js';
import { PublicMapPage } from '../features/public-map/index.js';
import { CenteredSpinner } from '../ui/CenteredSpinner.js';

// The public map and /embed, the pages most visits start on, are in the entry chunk, so their
// heading and search box need no second round of downloads (their map is a chunk of its own).
// Every other area is its own chunk: a visitor of the public map never downloads admin code. Each
// is loaded through its feature's index, which therefore exports the page only: code that other
// areas import statically lives in features without a page (coverage-check, embedding), so
// importing it never pulls a page along.
const WidgetPage = lazy(() => import('../features/widget/index.js').then((module) => ({ default: module.WidgetPage })));
const LoginPage = lazy(() => import('../features/login/index.js').then((module) => ({ default: module.LoginPage })));
const AdminRoutes = lazy(() => import('../features/admin-shell/index.js').then((module) => ({ default: module.AdminRoutes })));

/** The public pages (/, /map, /embed, /widget), /admin/login and the guarded /admin area; any other path goes to /. */
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
