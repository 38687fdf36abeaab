/** Service statuses, best first. */
export const SERVICE_STATUSES = ['live', 'in_progress', 'coming_soon', 'unknown'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  live: 'Live Service',
  in_progress: 'In Progress',
  coming_soon: 'Coming Soon',
  unknown: 'Unknown',
};

/** Lower is better: a provider covering a point with several statuses shows the best one. */
export function statusRank(status: ServiceStatus): number {
  return SERVICE_STATUSES.indexOf(status);
}

export function bestStatus(statuses: Iterable<ServiceStatus>): ServiceStatus {
  let best: ServiceStatus = 'unknown';
  for (const status of statuses) if (statusRank(status) < statusRank(best)) best = status;
  return best;
}

export function isServiceStatus(value: unknown): value is ServiceStatus {
  return typeof value === 'string' && (SERVICE_STATUSES as readonly string[]).includes(value);
}
