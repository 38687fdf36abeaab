export const ADMIN_LOGIN_PATH = '/admin/login';
export const ADMIN_HOME_PATH = '/admin/dashboard';
export const ADMIN_ACCOUNT_PATH = '/admin/account';
