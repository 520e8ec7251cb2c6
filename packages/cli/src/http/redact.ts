/** Keys whose text values never reach a debug line: passwords, tokens, secrets, SMS and captcha codes. */
const SECRET_KEY = /password|token|secret|^code$|^captchaCode$|authorization|cookie/i;

/** A JSON body with secret values replaced by "***". */
export function redactBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), (key, value: unknown) =>
      key && SECRET_KEY.test(key) && typeof value === 'string' && value !== '' ? '***' : value,
    );
  } catch {
    return `<${body.length} bytes>`;
  }
}

/** Headers with the token and other secrets replaced. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'authorization') out[name] = value.replace(/(\S+\s+).*/, '$1***');
    else out[name] = SECRET_KEY.test(name) ? '***' : value;
  }
  return out;
}
