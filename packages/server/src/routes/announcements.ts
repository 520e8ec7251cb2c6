import { announcement } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { envelope, ok } from '../http/envelope.js';
import { callerOf } from '../plugins/auth.js';
import type { Repository } from '../store/repository.js';

/** The home page's notice list: the same announcements in the {list, total} shape of a notice list. */
export function registerAnnouncementNotice(app: FastifyInstance, repo: Repository): void {
  app.get('/api/announcements/notice', {
    config: { permission: -1 },
    schema: {
      tags: ['announcement'],
      summary: 'Announcements for the home page',
      querystring: announcement.querySchema,
      response: { 200: envelope(Type.Object({ list: Type.Array(announcement.recordSchema), total: Type.Integer() })) },
    },
    handler: async (req) => {
      const page = await repo.list(callerOf(req), req.query as Record<string, unknown>, req.timeZone);
      return ok({ list: page.records, total: page.total });
    },
  });
}
