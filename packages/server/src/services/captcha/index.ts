import { randomInt } from 'node:crypto';
import { draw } from './draw.js';
import { CAPTCHA_DIGITS } from './glyphs.js';
import { toSvg } from './svg.js';
import { toTerminal } from './terminal.js';

export interface Captcha {
  answer: string;
  svg: string;
  /** The same captcha rasterised for a terminal (half-block characters). */
  text: string;
}

/**
 * A captcha of four digits: one drawing, shown as an SVG image in the console and as half-block characters
 * in a terminal. Each drawing turns, slants, scales and nudges every digit at random and crosses them with
 * noise of the same pen, so neither form can be read back by looking pieces up (docs/decisions.md).
 */
export function makeCaptcha(length = 4): Captcha {
  const answer = Array.from({ length }, () => CAPTCHA_DIGITS[randomInt(CAPTCHA_DIGITS.length)]).join('');
  const drawing = draw(answer);
  return { answer, svg: toSvg(drawing), text: toTerminal(drawing) };
}
