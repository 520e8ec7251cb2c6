import { redactBody, redactHeaders } from './redact.js';

/** Enough of an answer's body to see what came back without flooding the terminal. */
const BODY_SHOWN = 500;

const shorten = (text: string) =>
  text.length > BODY_SHOWN ? `${text.slice(0, BODY_SHOWN)}… (${text.length} chars)` : text;

/** A fetch that writes each request's headers and body and the answer's status, time and body, secrets redacted. */
export function debugFetch(inner: typeof fetch, log: (line: string) => void): typeof fetch {
  return async (input, init) => {
    const headers = redactHeaders(Object.fromEntries(new Headers(init?.headers).entries()));
    for (const [name, value] of Object.entries(headers)) log(`>   ${name}: ${value}`);
    if (typeof init?.body === 'string') log(`>   body: ${redactBody(init.body)}`);
    const started = performance.now();
    const response = await inner(input, init);
    log(`<   ${response.status} ${response.statusText} in ${Math.round(performance.now() - started)} ms`);
    log(`<   body: ${shorten(redactBody(await response.clone().text()))}`);
    return response;
  };
}
