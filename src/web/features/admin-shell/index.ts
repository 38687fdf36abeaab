// Everything under /admin but the login page (shell, menu and the admin screens' routes), for the
// app's router.
export { AdminRoutes } from './AdminRoutes.js';
