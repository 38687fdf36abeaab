// The pages the waitlist e-mails' links open (/waitlist/confirm, /waitlist/unsubscribe) and the
// outcome their button leads to (/waitlist), for the app's router.
export { WaitlistLinkPage } from './WaitlistLinkPage.js';
export { WaitlistResultPage } from './WaitlistResultPage.js';
