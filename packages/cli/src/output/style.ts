/** The few ANSI styles the CLI uses; each returns the text unchanged when colour is off. */
const wrap = (open: number, close: number) => (text: string, on: boolean) =>
  on ? `\u001b[${open}m${text}\u001b[${close}m` : text;

export const bold = wrap(1, 22);
export const dim = wrap(2, 22);
export const red = wrap(31, 39);
export const yellow = wrap(33, 39);
export const green = wrap(32, 39);
