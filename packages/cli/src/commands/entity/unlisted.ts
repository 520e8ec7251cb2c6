import { ENTITIES } from '@liftcloud/client';
import type { Command } from 'commander';
import { ENTITY_COMMANDS } from '../../entities/manifest.js';
import { shapeOf } from '../../entities/shape-of.js';
import { entityDef } from './definition.js';
import { kebab } from './ids.js';
import { registerEntity } from './index.js';

/**
 * Entities of the client that the generated manifest does not list yet (it is regenerated with
 * `npm run gen:manifest -w @liftcloud/cli`): their commands still work, built from ENTITIES; only
 * `liftctl --help` leaves them out until then.
 */
export function registerUnlistedEntities(program: Command): void {
  const listed = new Set(ENTITY_COMMANDS.map((e) => e.entity));
  for (const name of Object.keys(ENTITIES))
    if (!listed.has(name)) registerEntity(program, shapeOf(entityDef(name)), kebab(name));
}
