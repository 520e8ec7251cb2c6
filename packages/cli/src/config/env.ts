/** Environment variables that override the profile and the stored token (for cron and CI). */
export const ENV = {
  token: 'LIFTCTL_TOKEN',
  server: 'LIFTCTL_SERVER',
  org: 'LIFTCTL_ORG',
  profile: 'LIFTCTL_PROFILE',
  configDir: 'LIFTCTL_CONFIG_DIR',
} as const;

/** A variable's value, with an empty string read as unset. */
export function envValue(
  name: (typeof ENV)[keyof typeof ENV],
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}
