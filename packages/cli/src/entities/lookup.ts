import { ENTITY_COMMANDS } from './manifest.js';
import type { EntityShape } from './shape.js';

/**
 * An entity's shape by its ENTITIES key: the generated one, or one made from the definition (loading the
 * client) for an entity newer than the generated files.
 */
export async function shapeNamed(name: string): Promise<EntityShape> {
  const listed = ENTITY_COMMANDS.find((e) => e.entity === name);
  if (listed) return listed.shape();
  const [{ shapeOf }, { entityDef }] = await Promise.all([
    import('./shape-of.js'),
    import('../commands/entity/definition.js'),
  ]);
  return shapeOf(entityDef(name));
}
