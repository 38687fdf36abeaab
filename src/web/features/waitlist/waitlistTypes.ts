// The waitlist API's answers as the issue 20 contract states them (GET /api/waitlist …).

export const WAITLIST_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** GET /api/waitlist/summary: one row per provider (provider_id null: entries for any provider). */
export interface WaitlistSummaryRow {
  provider_id: number | null;
  provider_name: string;
  pending: number;
  confirmed: number;
  unsubscribed: number;
  /** Confirmed entries already told that service is live. */
  notified: number;
}

export interface WaitlistEntry {
  id: number;
  provider_id: number | null;
  provider_name: string | null;
  zone_id: number | null;
  zone_name: string | null;
  name: string | null;
  email: string;
  phone: string | null;
  address: string;
  lat: number;
  lng: number;
  status: WaitlistStatus;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  notified_at: string | null;
}

export interface WaitlistEntriesPage {
  items: WaitlistEntry[];
  total: number;
}

/** A zone as the filter lists it (GET /api/zones/all). */
export interface ZoneChoice {
  id: number;
  name: string;
}
