import { AdminPageHeading } from '../admin-shell/AdminPageHeading.js';
import { ComingSoonPanel } from '../placeholders/ComingSoonPanel.js';

/** SPEC.md section 2 ("Reports"): the planned reports, until they exist. */
const PLANNED_REPORTS = [
  'Search activity reports',
  'Lead generation analytics',
  'Coverage effectiveness metrics',
  'Provider performance statistics',
  'CSV/PDF export',
] as const;

export function ReportsPage() {
  return (
    <>
      <AdminPageHeading title="Reports" />
      <ComingSoonPanel
        summary="Detailed reports on how visitors use the coverage map are planned:"
        plannedItems={PLANNED_REPORTS}
      />
    </>
  );
}
