import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { EmbedMapPage } from '../features/embed/index.js';
import { PublicMapPage } from '../features/public-map/index.js';
import { CenteredSpinner } from '../ui/CenteredSpinner.js';

// The routes of the full app (FullApp). A visit that starts on the public map or /embed is shown
// without it (main.tsx, publicPage.tsx); their routes here serve a move to them from another page.
// Every other area is its own chunk: a visitor of the public map never downloads admin code. Each
// is loaded through its feature's index, which therefore exports the page only: code that other
// areas import statically lives in features without a page (coverage-check, embedding), so
// importing it never pulls a page along.
const WidgetPage = lazy(() => import('../features/widget/index.js').then((module) => ({ default: module.WidgetPage })));
const WaitlistResultPage = lazy(() => import('../features/waitlist-result/index.js').then((module) => ({ default: module.WaitlistResultPage })));
const WaitlistLinkPage = lazy(() => import('../features/waitlist-result/index.js').then((module) => ({ default: module.WaitlistLinkPage })));
const LoginPage = lazy(() => import('../features/login/index.js').then((module) => ({ default: module.LoginPage })));
const InvitationPage = lazy(() => import('../features/login/index.js').then((module) => ({ default: module.InvitationPage })));
const AdminRoutes = lazy(() => import('../features/admin-shell/index.js').then((module) => ({ default: module.AdminRoutes })));

function EmbedRoute() {
  return <EmbedMapPage search={useLocation().search} />;
}

/** The public pages (/, /map, /embed, /widget, /waitlist and its links' /waitlist/confirm and /waitlist/unsubscribe), /admin/login, the invitation page (/admin/invitation) and the guarded /admin area; any other path goes to /. */
export function AppRoutes() {
  return (
    <Suspense fallback={<CenteredSpinner label="Loading page" />}>
      <Routes>
        <Route path="/" element={<PublicMapPage />} />
        <Route path="/map" element={<PublicMapPage />} />
        <Route path="/widget" element={<WidgetPage />} />
        <Route path="/embed" element={<EmbedRoute />} />
        <Route path="/waitlist" element={<WaitlistResultPage />} />
        <Route path="/waitlist/confirm" element={<WaitlistLinkPage action="confirm" />} />
        <Route path="/waitlist/unsubscribe" element={<WaitlistLinkPage action="unsubscribe" />} />
        <Route path="/admin/login" element={<LoginPage />} />
        <Route path="/admin/invitation" element={<InvitationPage />} />
        <Route path="/admin/*" element={<AdminRoutes />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
