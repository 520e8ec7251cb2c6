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

/** Console messages of type error, and uncaught page errors, collected for assertions. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * The captcha answers the test server reveals (a testing-only option of buildApp), by captcha key, read
 * from the responses the page itself receives.
 */
export function watchCaptchas(page: Page): Map<string, string> {
  const answers = new Map<string, string>();
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
  answers: Map<string, string>,
  username: string,
  password: string,
): Promise<void> {
  const image = page.getByTestId('captcha-image').first();
  await image.waitFor();
  const key = await image.getAttribute('data-captcha-key');
  const deadline = Date.now() + 5_000;
  while (!answers.has(key ?? '') && Date.now() < deadline) await page.waitForTimeout(50);
  await page.getByTestId('username-input').fill(username);
  await page.getByTestId('password-input').fill(password);
  await page
    .getByTestId('captcha-input')
    .first()
    .fill(answers.get(key ?? '') ?? '');
  await page.getByTestId('login-button').click();
}
