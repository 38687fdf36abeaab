// The page the waitlist e-mails' links land on (/waitlist), for the app's router.
export { WaitlistResultPage } from './WaitlistResultPage.js';
