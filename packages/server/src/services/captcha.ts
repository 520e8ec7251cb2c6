import svgCaptcha from 'svg-captcha';

/** Digits only: unambiguous to read and to type, on a screen and in a terminal. */
const CHARSET = '23456789';

/** Each digit as five rows of blocks, so the CLI can show the same captcha in a terminal. */
const GLYPHS: Record<string, string[]> = {
  '2': ['███', '  █', '███', '█  ', '███'],
  '3': ['███', '  █', '███', '  █', '███'],
  '4': ['█ █', '█ █', '███', '  █', '  █'],
  '5': ['███', '█  ', '███', '  █', '███'],
  '6': ['███', '█  ', '███', '█ █', '███'],
  '7': ['███', '  █', '  █', '  █', '  █'],
  '8': ['███', '█ █', '███', '█ █', '███'],
  '9': ['███', '█ █', '███', '  █', '███'],
};

export interface Captcha {
  answer: string;
  svg: string;
  text: string;
}

export function makeCaptcha(): Captcha {
  const { text: answer, data: svg } = svgCaptcha.create({
    size: 4,
    charPreset: CHARSET,
    noise: 2,
    color: true,
    width: 120,
    height: 40,
    fontSize: 44,
  });
  const rows = [0, 1, 2, 3, 4].map((r) => [...answer].map((d) => GLYPHS[d]?.[r] ?? '   ').join('  '));
  return { answer, svg, text: rows.join('\n') };
}
