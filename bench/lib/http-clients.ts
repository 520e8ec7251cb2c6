/**
 * Benchmark clients that behave as separate users: each has one keep-alive connection of its own (node:http,
 * an agent with one socket), so its requests never wait behind another client's.
 *
 * Node's fetch shares one undici pool among every caller in the process: when a hundred requests leave at
 * once, the pool lines some of them up on a connection that is still opening or busy, and they are answered
 * one after another (seen in B2 as chains of requests whose latencies step by one response time, up to 10 s).
 * That is the bench's client queueing, not the server, so B2 measures with these instead.
 *
 * A workload is timed once every client's connection is open (`connect`), as wrk and autocannon connect
 * before they count. A busy Node server accepts one new connection per turn of its event loop (seen with a
 * bare node:http server and 100 clients connecting at once: one accept a turn, p99 5.7 s, every later request
 * a few ms): a hundred connections opened inside a timed workload put their last requests seconds behind.
 */
import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  body: Buffer;
}

export class HttpClients {
  private readonly agents: Agent[];

  constructor(count: number) {
    this.agents = Array.from({ length: count }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  }

  /** GET `url` as client `index` (0 to count − 1), reading the whole answer. */
  get(index: number, url: string, headers: Record<string, string> = {}): Promise<Answer> {
    const agent = this.agents[index % this.agents.length];
    return new Promise((resolve, reject) => {
      const req = request(url, { agent, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** Each client asks for `url` once, all at once, so that its connection to that server is open. */
  async connect(url: string, headers: Record<string, string> = {}): Promise<void> {
    await Promise.all(this.agents.map((_, index) => this.get(index, url, headers)));
  }

  close(): void {
    for (const agent of this.agents) agent.destroy();
  }
}
