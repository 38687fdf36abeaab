import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireAdminSession } from '../../auth/RequireAdminSession.js';
import { AccountPage } from '../account/index.js';
import { CoverageManagementPage } from '../coverage/index.js';
import { DashboardPage } from '../dashboard/index.js';
import { EmbedGeneratorPage } from '../embed-generator/index.js';
import { LeadsPage } from '../leads/index.js';
import { LineOfSightPage } from '../line-of-sight/index.js';
import { ProvidersPage } from '../providers/index.js';
import { ReportsPage } from '../reports/index.js';
import { SettingsPage } from '../settings/index.js';
import { TowersPage } from '../towers/index.js';
import { LoadingPanel } from '../../ui/QueryStates.js';
import { AdminLayout } from './AdminLayout.js';
import { AdminNotFoundPage } from './AdminNotFoundPage.js';

// Screens of their own chunk, fetched when first opened; the shell and menu stay while they load
// (Zones' drawing tools, terra-draw, load only with it).
const AuditPage = lazy(() => import('../audit/index.js').then((module) => ({ default: module.AuditPage })));
const MeasurementsPage = lazy(() => import('../measurements/index.js').then((module) => ({ default: module.MeasurementsPage })));
const WaitlistPage = lazy(() => import('../waitlist/index.js').then((module) => ({ default: module.WaitlistPage })));
const WebhooksPage = lazy(() => import('../webhooks/index.js').then((module) => ({ default: module.WebhooksPage })));
const UsersPage = lazy(() => import('../users/index.js').then((module) => ({ default: module.UsersPage })));
const ZonesPage = lazy(() => import('../zones/index.js').then((module) => ({ default: module.ZonesPage })));
const screenLoading = <LoadingPanel label="Loading page" />;

/**
 * Everything under /admin except the login page, in one lazily loaded chunk. An unknown admin path
 * shows "Page not found" inside the shell (signed in; else the login screen first).
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<RequireAdminSession />}>
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to="dashboard" replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="providers" element={<ProvidersPage />} />
          <Route path="coverage" element={<CoverageManagementPage />} />
          <Route path="towers" element={<TowersPage />} />
          <Route path="line-of-sight" element={<LineOfSightPage />} />
          <Route
            path="measurements"
            element={
              <Suspense fallback={screenLoading}>
                <MeasurementsPage />
              </Suspense>
            }
          />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="leads" element={<LeadsPage />} />
          <Route
            path="waitlist"
            element={
              <Suspense fallback={screenLoading}>
                <WaitlistPage />
              </Suspense>
            }
          />
          <Route
            path="zones"
            element={
              <Suspense fallback={screenLoading}>
                <ZonesPage />
              </Suspense>
            }
          />
          <Route path="embed" element={<EmbedGeneratorPage />} />
          <Route
            path="webhooks"
            element={
              <Suspense fallback={screenLoading}>
                <WebhooksPage />
              </Suspense>
            }
          />
          <Route
            path="users"
            element={
              <Suspense fallback={screenLoading}>
                <UsersPage />
              </Suspense>
            }
          />
          <Route
            path="audit"
            element={
              <Suspense fallback={screenLoading}>
                <AuditPage />
              </Suspense>
            }
          />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="*" element={<AdminNotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
