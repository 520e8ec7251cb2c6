import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../packages/server/src/config.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const imgSrc = async (s: TestServer) => {
  const res = await fetch(`${s.baseUrl}/api/config`);
  return {
    policy: /img-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1],
    body: await res.json(),
  };
};

/** The GIS map's tile source: read from the environment, handed to the console, admitted by the policy alone. */
describe(`map tile source (${DIALECTS[0]})`, () => {
  let plain: TestServer;
  let tiled: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({ dialect: DIALECTS[0] });
    tiled = await startTestServer({
      dialect: DIALECTS[0],
      app: {
        mapTiles: loadConfig({
          MAP_TILE_URL: 'https://webrd0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
          MAP_TILE_SUBDOMAINS: '1,2',
          MAP_TILE_ATTRIBUTION: '© AutoNavi',
          MAP_TILE_DATUM: 'gcj02',
        }).mapTiles!,
      },
    });
  });
  afterAll(async () => {
    await plain?.close();
    await tiled?.close();
  });

  it('without a source: no tiles in the config, images from this origin, data: and blob: only', async () => {
    const { policy, body } = await imgSrc(plain);
    expect(policy).toBe("'self' data: blob:");
    expect(body.data.mapTiles).toBeNull();
  });

  it('with a source: the console gets it, and the policy admits each of its hosts and no other', async () => {
    const { policy, body } = await imgSrc(tiled);
    expect(policy).toBe("'self' data: blob: https://webrd01.is.autonavi.com https://webrd02.is.autonavi.com");
    expect(body.data.mapTiles).toEqual({
      url: 'https://webrd0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
      subdomains: ['1', '2'],
      attribution: '© AutoNavi',
      maxZoom: 18,
      datum: 'gcj02',
    });
  });

  it('refuses a bad setting at start, naming it', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png' })).toThrow(
      'MAP_TILE_URL must contain {y}',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png', MAP_TILE_DATUM: 'bd09' })).toThrow(
      'MAP_TILE_DATUM must be wgs84 or gcj02',
    );
    expect(loadConfig({}).mapTiles).toBeUndefined();
  });
});
