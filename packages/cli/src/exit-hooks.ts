/**
 * Work that must happen however a command ends: a Ctrl-C, a closed SSH session (SIGHUP) or a SIGTERM runs
 * these before the process exits (the alarm light turned off, for one). A hook gets a few seconds; a second
 * signal does not wait for it.
 */
type Hook = () => Promise<void> | void;

const hooks = new Set<Hook>();

/** Register a hook; the function returned removes it (call it once the command has cleaned up itself). */
export function onExit(hook: Hook): () => void {
  hooks.add(hook);
  return () => {
    hooks.delete(hook);
  };
}

/** Run every registered hook once, waiting at most `limitMs` for them together. */
export async function runExitHooks(limitMs = 3_000): Promise<void> {
  const pending = [...hooks];
  hooks.clear();
  if (pending.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(pending.map(async (hook) => hook())),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs))),
  ]);
  clearTimeout(timer);
}
