import type { FastifyRequest } from 'fastify';

/**
 * Who is asking, for per-source limits (captchas, SMS sends, login attempts, the per-IP rate limits): the
 * client's IPv4 address, or the /64 network of an IPv6 one, since a single IPv6 host is usually handed a
 * whole /64 and could otherwise change address at every request.
 */
export function sourceOf(req: Pick<FastifyRequest, 'ip'>): string {
  return sourceOfAddress(req.ip);
}

export function sourceOfAddress(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...new Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
