/** East Asian wide and full-width ranges: these take two terminal cells (Chinese labels and data). */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
// eslint-disable-next-line no-control-regex -- ANSI escape sequences are control characters by definition
const ANSI = /\u001b\[[0-9;]*m/g;

/** How many terminal cells a string takes. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text.replace(ANSI, '')) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 32 || (code >= 0x7f && code < 0xa0)) continue;
    width += WIDE.test(ch) || code >= 0x1f300 ? 2 : 1;
  }
  return width;
}

/** Cut a string to at most `max` cells, ending with … when cut. */
export function truncate(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let out = '';
  let width = 0;
  for (const ch of text) {
    const w = displayWidth(ch);
    if (width + w > max - 1) break;
    out += ch;
    width += w;
  }
  return `${out}…`;
}

export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
