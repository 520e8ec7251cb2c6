import { ENTITIES, type EntityDef, type Fields } from '@liftcloud/client';
import { CliError } from '../../errors.js';

export { fieldLabel, labelOf, notFoundAsMessage, readableFields, type Row } from './labels.js';

/**
 * An entity definition by its ENTITIES key (loads the client and its schemas: writes, exports and filtered lists
 * need them; an entity's start, plain list and get read its generated shape instead).
 */
export function entityDef(name: string): EntityDef<Fields> {
  const def = (ENTITIES as Record<string, EntityDef<Fields>>)[name];
  if (!def) throw new CliError(`unknown entity ${name}`);
  return def;
}
