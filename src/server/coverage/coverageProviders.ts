import type { CoverageProvider } from '../../common/api/coverage.js';
import type { ServiceStatus } from '../../common/serviceStatus.js';

/** A provider as a coverage check shows it. */
export type PublicProvider = Pick<CoverageProvider, 'id' | 'name' | 'description' | 'logo_filename' | 'signup_url'>;

/** A point asked about: degrees, and the address the visitor searched when there was one. */
export interface CoveragePoint {
  lat: number;
  lng: number;
  address: string | null;
}

/** A provider's own API's answer for a point it covers. */
export interface ApiCoverage {
  status: ServiceStatus;
  services: string[];
}

export interface LiveProvider {
  provider: PublicProvider;
  /**
   * Asks the provider's own coverage API about a point: what it covers there, or null when it
   * does not cover it; throws when the API fails. Null for providers without an API.
   */
  askApi: ((point: CoveragePoint) => Promise<ApiCoverage | null>) | null;
}

/**
 * What coverage needs to know of providers. Coverage does not depend on the providers domain:
 * this is implemented above both (server/sources/) and handed in.
 */
export interface CoverageProviders {
  /** The active providers, read now. */
  live(): Promise<LiveProvider[]>;
  exists(id: number): Promise<boolean>;
}
