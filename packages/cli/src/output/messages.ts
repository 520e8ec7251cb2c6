import { red, yellow, dim } from './style.js';
import { terminal } from './terminal.js';

/** Messages for people: always on stderr, so stdout carries only data. */
export const say = {
  info(text: string): void {
    process.stderr.write(`${text}\n`);
  },
  warn(text: string): void {
    process.stderr.write(`${yellow(text, terminal().colorErr)}\n`);
  },
  error(text: string): void {
    process.stderr.write(`${red(text, terminal().colorErr)}\n`);
  },
  debug(text: string): void {
    process.stderr.write(`${dim(text, terminal().colorErr)}\n`);
  },
};
