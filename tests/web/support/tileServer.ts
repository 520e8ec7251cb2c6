import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

const SIZE = 256;

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256 × 256 RGB PNG: a checkerboard colour by tile, a dark frame, so tiles and their seams show on screen. */
export function tilePng(z: number, x: number, y: number): Buffer {
  const even = (x + y) % 2 === 0;
  const fill = even ? [214, 234, 205] : [238, 226, 196];
  const shade = Math.min(60, z * 4);
  const rows: Buffer[] = [];
  for (let r = 0; r < SIZE; r++) {
    const row = Buffer.alloc(1 + SIZE * 3); // filter byte 0, then pixels
    for (let c = 0; c < SIZE; c++) {
      const edge = r < 2 || c < 2;
      const [red, green, blue] = edge ? [90, 90, 120] : fill.map((v) => v - shade);
      row.set([red!, green!, blue!], 1 + c * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter choice, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface TileServer {
  port: number;
  /** "host z/x/y" of every tile asked for, in order. */
  requested: string[];
  /** Answer 503 from now on (a provider down, no internet): the map falls back to its land outline. */
  goDown(): void;
  close(): Promise<void>;
}

/** A tile server on loopback answering /tiles/{z}/{x}/{y}.png with generated PNGs, recording each request. */
export async function startTileServer(): Promise<TileServer> {
  const requested: string[] = [];
  let down = false;
  const server: Server = createServer((req, res) => {
    const m = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end();
    const [z, x, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    requested.push(`${(req.headers.host ?? '').split(':')[0]} ${z}/${x}/${y}`);
    if (down) return void res.writeHead(503).end();
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(tilePng(z, x, y));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    requested,
    goDown: () => void (down = true),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
