import { red, yellow, dim } from './style.js';
import { terminal } from './terminal.js';

let quiet = false;

/** While a full-screen view owns the terminal (the dashboard), messages would tear it: it shows its own. */
export function setQuiet(on: boolean): void {
  quiet = on;
}

const write = (text: string) => {
  if (!quiet) process.stderr.write(`${text}\n`);
};

/** Messages for people: always on stderr, so stdout carries only data. */
export const say = {
  info(text: string): void {
    write(text);
  },
  warn(text: string): void {
    write(yellow(text, terminal().colorErr));
  },
  error(text: string): void {
    write(red(text, terminal().colorErr));
  },
  debug(text: string): void {
    write(dim(text, terminal().colorErr));
  },
};
