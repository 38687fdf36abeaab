// The Waitlist screen, for the admin router (loaded lazily there).
export { WaitlistPage } from './WaitlistPage.js';
