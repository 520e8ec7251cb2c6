import { terminal } from './terminal.js';

/** One line of progress on stderr, rewritten in place on a terminal; nothing at all otherwise. */
export function progressLine(): { update(text: string): void; done(): void } {
  const on = terminal().stderrIsTTY;
  let shown = false;
  return {
    update(text) {
      if (!on) return;
      process.stderr.write(`\r\u001b[2K${text}`);
      shown = true;
    },
    done() {
      if (on && shown) process.stderr.write('\r\u001b[2K');
      shown = false;
    },
  };
}
