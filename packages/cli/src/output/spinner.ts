import { terminal } from './terminal.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Quick answers show nothing; a spinner appears only when a call takes longer than this. */
const SHOW_AFTER_MS = 250;
const FRAME_MS = 80;

/**
 * Run work with a spinner on stderr while it lasts, followed by `label()` when given (what is happening,
 * seconds so far); nothing at all when stderr is not a terminal.
 */
export async function withSpinner<T>(work: () => Promise<T>, label?: () => string): Promise<T> {
  if (!terminal().stderrIsTTY) return work();
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  const delay = setTimeout(() => {
    timer = setInterval(
      () => process.stderr.write(`\r\u001b[2K${FRAMES[frame++ % FRAMES.length]} ${label?.() ?? ''}`),
      FRAME_MS,
    );
  }, SHOW_AFTER_MS);
  try {
    return await work();
  } finally {
    clearTimeout(delay);
    if (timer) {
      clearInterval(timer);
      process.stderr.write('\r\u001b[2K');
    }
  }
}
