import type { Writable } from 'node:stream';

/** Write and wait for the stream to drain when its buffer is full, so `list --all` over a pipe keeps memory flat. */
export function writeTo(stream: Writable, text: string | Uint8Array): Promise<void> {
  if (stream.write(text)) return Promise.resolve();
  return new Promise((resolve) => stream.once('drain', resolve));
}
