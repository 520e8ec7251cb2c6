import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, never a downloaded build. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * What every test's browser context starts with. Reduced motion turns antd's motion off in the console
 * (packages/web/src/app/motion.ts): dialogs, drawers and notices are there at once, with no animation to
 * wait for before reading or photographing them.
 */
/**
 * The browser lives in the zone the test clients name (tests/support/server.ts), so a day the console shows is
 * the day the API counts for them; with the machine's zone (UTC) the two differ from 16:00 to midnight.
 */
export const CONTEXT_DEFAULTS = {
  viewport: { width: 1366, height: 800 },
  reducedMotion: 'reduce',
  timezoneId: 'Asia/Shanghai',
} as const;

/** The page has its fonts and has painted what it holds now: the moment for a screenshot. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise<void>((painted) => requestAnimationFrame(() => requestAnimationFrame(() => painted())));
  });
}

/** Console messages of type error, and uncaught page errors, collected for assertions. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Captcha answers by key, and a promise for one not seen yet. */
export class CaptchaAnswers extends Map<string, string> {
  private readonly waiting = new Map<string, (answer: string) => void>();

  override set(key: string, answer: string): this {
    super.set(key, answer);
    this.waiting.get(key)?.(answer);
    this.waiting.delete(key);
    return this;
  }

  /** The answer to the captcha `key`, once its response has been read. */
  answer(key: string): Promise<string> {
    const known = this.get(key);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve) => this.waiting.set(key, resolve));
  }
}

/**
 * The captcha answers the test server reveals (a testing-only option of buildApp), by captcha key, read
 * from the responses the page itself receives.
 */
export function watchCaptchas(page: Page): CaptchaAnswers {
  const answers = new CaptchaAnswers();
  page.on('response', async (response) => {
    if (!response.url().includes('/api/auth/captcha')) return;
    try {
      const body = (await response.json()) as { data?: { key: string; answer?: string } };
      if (body.data?.answer) answers.set(body.data.key, body.data.answer);
    } catch {
      // a navigation may discard the body; the next captcha will do
    }
  });
  return answers;
}

/** Fill the password login form, answering the captcha currently shown. */
export async function loginThroughUi(
  page: Page,
  answers: CaptchaAnswers,
  username: string,
  password: string,
): Promise<void> {
  const image = page.getByTestId('captcha-image').first();
  await image.waitFor();
  const key = (await image.getAttribute('data-captcha-key')) ?? '';
  const answer = await answers.answer(key);
  await page.getByTestId('username-input').fill(username);
  await page.getByTestId('password-input').fill(password);
  await page.getByTestId('captcha-input').first().fill(answer);
  await page.getByTestId('login-button').click();
}
