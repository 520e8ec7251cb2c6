export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const ACCOUNT_PATH = '/account';
