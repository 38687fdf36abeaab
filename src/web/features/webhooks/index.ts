// The Webhooks screen, for the admin router (loaded lazily there).
export { WebhooksPage } from './WebhooksPage.js';
