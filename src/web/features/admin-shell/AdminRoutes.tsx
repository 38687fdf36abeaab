import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireAdminSession } from '../../auth/RequireAdminSession.js';
import { CoverageManagementPage } from '../coverage/CoverageManagementPage.js';
import { EmbedGeneratorPage } from '../embed-generator/EmbedGeneratorPage.js';
import { ComingSoonScreen } from '../placeholders/ComingSoonScreen.js';
import { ProvidersPage } from '../providers/ProvidersPage.js';
import { ReportsPage } from '../reports/ReportsPage.js';
import { SettingsPage } from '../settings/SettingsPage.js';
import { AdminLayout } from './AdminLayout.js';

/**
 * Everything under /admin except the login page, in one lazily loaded chunk. Unknown admin paths
 * go to / like any unknown path, without asking for a session first.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<RequireAdminSession />}>
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to="dashboard" replace />} />
          <Route
            path="dashboard"
            element={
              <ComingSoonScreen
                title="Dashboard"
                summary="Search and lead statistics: total searches and leads, conversion and coverage rates, top providers and recent activity."
              />
            }
          />
          <Route path="providers" element={<ProvidersPage />} />
          <Route path="coverage" element={<CoverageManagementPage />} />
          <Route
            path="towers"
            element={
              <ComingSoonScreen
                title="Tower Management"
                summary="Keep the register of wireless towers: location, height, frequency, power and coverage radius."
              />
            }
          />
          <Route
            path="line-of-sight"
            element={
              <ComingSoonScreen
                title="Line of Sight"
                summary="Check which towers have a clear line of sight to a location, with the expected signal strength."
              />
            }
          />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="embed" element={<EmbedGeneratorPage />} />
          <Route path="settings" element={<SettingsPage />} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
