/**
 * antd's motion (modals fading, drawers sliding, notices flying in), unless the browser asks for reduced
 * motion: a user who set that preference in the system gets still dialogs, and the browser tests, which ask
 * for it, need not wait for an animation before a dialog is there to read or photograph.
 */
export function motionWanted(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true;
  return !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
