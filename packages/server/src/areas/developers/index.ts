import type { FastifyInstance } from 'fastify';
import { openApiSweepJob } from '../../jobs/open-api-sweep.js';
import { developerSecretBox } from '../../services/developers.js';
import type { AreaDeps } from '../area.js';
import { registerOpenApi } from './open-api.js';
import { registerDeveloperSecrets } from './secrets.js';

/** Developer integrations (issue 16): secrets of developer accounts, and the signed open API they call. */
export async function registerDevelopers(app: FastifyInstance, deps: AreaDeps): Promise<void> {
  const box = await developerSecretBox(deps.store, {
    key: deps.options.developers?.secretKey,
    keyFile: deps.options.developers?.secretKeyFile,
  });
  registerDeveloperSecrets(app, deps, box);
  registerOpenApi(app, deps, box, { ratePerMinute: deps.options.developers?.openApiRatePerMinute });
  deps.jobs.add(openApiSweepJob({ db: deps.store.db }));
}
