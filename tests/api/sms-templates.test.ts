import { renderTemplate, type LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

describe.each(DIALECTS)('SMS templates on %s', (dialect) => {
  let s: TestServer;
  let superAdmin: LiftCloudClient;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    superAdmin = await s.login('superAdmin');
  });
  afterAll(async () => s?.close());

  it('keeps name, content and available parameters, and renders with an alarm’s values', async () => {
    const saved = await superAdmin.entities.smsTemplate.save({
      name: 'Trapped passenger',
      content: '【LiftCloud】{elevator} at {address}: people trapped since {time}',
      params: 'elevator, address, time',
    });
    expect(saved).toMatchObject({ name: 'Trapped passenger', params: 'elevator, address, time' });
    expect(renderTemplate(saved.content, { elevator: 'Lift A', address: '88 Harbour Road', time: '10:05' })).toBe(
      '【LiftCloud】Lift A at 88 Harbour Road: people trapped since 10:05',
    );
  });

  it('refuses a parameter the template does not offer, naming the field, and anyone but the super admin', async () => {
    const bad = await failure(
      superAdmin.entities.smsTemplate.save({ name: 'Bad', content: 'Call {phone}', params: 'elevator' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('Content: uses parameters that are not available: phone');
    const admin = await s.login('admin');
    expect((await failure(admin.entities.smsTemplate.list({}))).status).toBe(403);
  });
});
