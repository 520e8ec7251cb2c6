import { get, type IncomingHttpHeaders } from 'node:http';

/**
 * A GET whose answer is read as it came, not decoded: fetch would undo a Brotli or gzip encoding, which is what
 * the tests of compressed answers look at. No Accept-Encoding header without `encoding`.
 */
export function encodedGet(
  url: string,
  encoding?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
