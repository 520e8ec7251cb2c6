import { LOGIN_PATH } from './paths';

/** console-shell.md §2.3: a path containing one of these needs no login. */
export const PUBLIC_PATH_SEGMENTS = [
  '/cloud',
  '/dataManagement',
  '/eocdOperate',
  '/monitorReport',
  '/8NMuztq',
  '/h5workOrder',
  '/h5video',
  '/h5rvideo',
  '/genGzReport',
  '/pdf',
  '/private',
  '/eocdPrivate',
  '/thirdLogin',
  '/scheme',
  '/r/o',
  '/doc',
] as const;

/** The login path and any path containing a public segment (a plain substring test, as the original). */
export function isPublicPath(pathname: string): boolean {
  return pathname === LOGIN_PATH || PUBLIC_PATH_SEGMENTS.some((segment) => pathname.includes(segment));
}
