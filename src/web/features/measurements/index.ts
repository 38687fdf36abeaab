// The Measurements screen, for the admin router (loaded lazily there, with Recharts' scatter).
export { MeasurementsPage } from './MeasurementsPage.js';
