import { redactBody, redactHeaders } from './redact.js';

/** A fetch that writes each request's headers and body (secrets redacted) and the answer's timing to a log. */
export function debugFetch(inner: typeof fetch, log: (line: string) => void): typeof fetch {
  return async (input, init) => {
    const headers = redactHeaders(Object.fromEntries(new Headers(init?.headers).entries()));
    for (const [name, value] of Object.entries(headers)) log(`>   ${name}: ${value}`);
    if (typeof init?.body === 'string') log(`>   body: ${redactBody(init.body)}`);
    const started = performance.now();
    const response = await inner(input, init);
    log(`<   ${response.status} ${response.statusText} in ${Math.round(performance.now() - started)} ms`);
    return response;
  };
}
