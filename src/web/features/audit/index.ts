// The Audit log screen, for the admin router (loaded lazily there).
export { AuditPage } from './AuditPage.js';
