import type { Issue } from '@liftcloud/client';

/** console-shell.md §5: the two new password entries must match. */
export function passwordMismatch(body: unknown): Issue[] {
  const b = body as { newPassword?: string; confirmPassword?: string };
  return b.confirmPassword && b.newPassword !== b.confirmPassword
    ? [{ field: 'confirmPassword', rule: 'validation.passwordMismatch' }]
    : [];
}
