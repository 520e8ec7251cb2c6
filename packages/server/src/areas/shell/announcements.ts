import { listAnnouncementNotices } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import type { AreaDeps } from '../area.js';

/** The home page's notice list: the same announcements in the {list, total} shape of a notice list. */
export function registerAnnouncementNotice(app: FastifyInstance, { repos }: AreaDeps): void {
  const repo = repos.announcement;
  route(app, listAnnouncementNotices, async (req) => {
    const page = await repo.list(callerOf(req), req.query, req.timeZone);
    return ok({ list: page.records, total: page.total });
  });
}
