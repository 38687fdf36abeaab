import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CellTowerOutlined from '@mui/icons-material/CellTowerOutlined';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import SettingsInputAntennaOutlined from '@mui/icons-material/SettingsInputAntennaOutlined';
import SignalCellularAltOutlined from '@mui/icons-material/SignalCellularAltOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import type { SessionInfo } from '../../../common/api/auth.js';
import { ADMIN_ACCOUNT_PATH } from '../../auth/adminPaths.js';
import { mayOpen } from '../../auth/roleAccess.js';

export interface AdminNavItem {
  label: string;
  path: string;
  icon: typeof SvgIcon;
}

/** The admin side menu, in its order, with the leads inbox (issue 9) after Reports, the waitlist (issue 20) after it, the measurements (issue 21) after Line of Sight, and the team's users (issue 22) before Settings. Each role sees the items it may open (auth/roleAccess.ts). */
export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { label: 'Dashboard', path: '/admin/dashboard', icon: DashboardOutlined },
  { label: 'Providers', path: '/admin/providers', icon: BusinessOutlined },
  { label: 'Coverage', path: '/admin/coverage', icon: LayersOutlined },
  { label: 'Towers', path: '/admin/towers', icon: CellTowerOutlined },
  { label: 'Line of Sight', path: '/admin/line-of-sight', icon: SettingsInputAntennaOutlined },
  { label: 'Measurements', path: '/admin/measurements', icon: SignalCellularAltOutlined },
  { label: 'Reports', path: '/admin/reports', icon: AssessmentOutlined },
  { label: 'Leads', path: '/admin/leads', icon: InboxOutlined },
  { label: 'Waitlist', path: '/admin/waitlist', icon: NotificationsActiveOutlined },
  { label: 'Zones', path: '/admin/zones', icon: FlagOutlined },
  { label: 'Embed Generator', path: '/admin/embed', icon: CodeOutlined },
  { label: 'Webhooks', path: '/admin/webhooks', icon: WebhookOutlined },
  { label: 'Users', path: '/admin/users', icon: PeopleOutlined },
  { label: 'Audit log', path: '/admin/audit', icon: HistoryOutlined },
  { label: 'Settings', path: '/admin/settings', icon: SettingsOutlined },
];

const ACCOUNT_NAV_ITEM: AdminNavItem = { label: 'Account', path: ADMIN_ACCOUNT_PATH, icon: ManageAccountsOutlined };

/**
 * The side menu of a verified session: the items its role may open, or only Account while the
 * role must use two-factor sign-in and it is not set up (the guard keeps them there, the server
 * refuses the rest).
 */
export function adminMenuItems(session: Pick<SessionInfo, 'role' | 'two_factor_required_setup'>): readonly AdminNavItem[] {
  if (session.two_factor_required_setup) return [ACCOUNT_NAV_ITEM];
  return ADMIN_NAV_ITEMS.filter((item) => mayOpen(session.role, item.path));
}
