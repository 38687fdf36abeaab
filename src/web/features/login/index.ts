// The admin login page (/admin/login), for the app's router.
export { LoginPage } from './LoginPage.js';
