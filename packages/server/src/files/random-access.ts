import { open } from 'node:fs/promises';

/** Bytes read at any offset: a staged upload on disk, or a buffer in memory (tests, small files). */
export interface RandomAccess {
  readonly size: number;
  /** `length` bytes from `offset`; past the end reads as zeros. */
  read(offset: number, length: number): Promise<Buffer>;
}

export function bufferAccess(buf: Buffer): RandomAccess {
  return {
    size: buf.length,
    read: async (offset, length) => {
      const out = Buffer.alloc(length);
      if (offset < buf.length) buf.copy(out, 0, offset, Math.min(buf.length, offset + length));
      return out;
    },
  };
}

/** Random access to a file on disk for the length of `use`. */
export async function withFileAccess<T>(path: string, use: (file: RandomAccess) => Promise<T>): Promise<T> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return await use({
      size,
      read: async (offset, length) => {
        const out = Buffer.alloc(length);
        if (offset < size) await handle.read(out, 0, Math.min(length, size - offset), offset);
        return out;
      },
    });
  } finally {
    await handle.close();
  }
}
