import { describe, expect, it, vi } from 'vitest';
import { ENTITY_PATHS } from '../src/entities/paths.js';
import { ENTITIES, entityOperations, LiftCloudClient, MemorySessionStore, type EntityName } from '../src/index.js';

/** A client whose fetch records each request and answers an empty success envelope. */
function recordingClient() {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: string | URL | Request) => {
    urls.push(String(url));
    return new Response(JSON.stringify({ code: 200, message: 'ok', data: { key: 'k', image: '', text: '' } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const client = new LiftCloudClient({ baseUrl: 'http://api.test/api', session: new MemorySessionStore(), fetch });
  return { client, urls };
}

describe('the light client (B6: no entity definitions or operation declarations at construction)', () => {
  it('has the path of every entity definition in its path table, and no other', () => {
    const fromDefinitions = Object.fromEntries(Object.entries(ENTITIES).map(([name, def]) => [name, def.path]));
    expect(ENTITY_PATHS).toEqual(fromDefinitions);
  });

  it('sends client.entities.<name> calls to the path the definition declares', async () => {
    const { client, urls } = recordingClient();
    await client.entities.inspection.list({ pageNo: 2 });
    await client.entities.role.get(7);
    expect(urls).toEqual(['http://api.test/api/yearChecks?pageNo=2', 'http://api.test/api/roles/7']);
  });

  it('loads a named call’s declaration on its first call and sends it where the declaration says', async () => {
    const { client, urls } = recordingClient();
    const captcha = await client.auth.captcha();
    expect(captcha.key).toBe('k');
    expect(urls).toEqual(['http://api.test/api/auth/captcha']);
  });

  it('builds an export URL on the path the export operation declares', () => {
    const { client } = recordingClient();
    for (const name of Object.keys(ENTITIES) as EntityName[]) {
      const declared = entityOperations(ENTITIES[name]).export.path;
      expect(client.exports.url(name, { a: 1 })).toBe(`http://api.test/api/${declared}?a=1`);
    }
  });
});

describe('message catalogues loaded per language', () => {
  it('translates with a language only once its catalogue is loaded', async () => {
    vi.resetModules();
    // translate.js alone, as the console loads it: no catalogue until loadMessages
    const { translate, loadMessages } = await import('../src/i18n/translate.js');
    expect(translate('it-Italy', 'error.timeout')).toBe('error.timeout');
    await loadMessages('it-Italy');
    const { itItaly } = await import('../src/i18n/it-Italy.js');
    expect(translate('it-Italy', 'error.timeout')).toBe(itItaly['error.timeout']);
    // en-US is the fallback only where it is loaded
    expect(translate('zh-CN', 'error.timeout')).toBe('error.timeout');
  });
});
