import {
  elevator,
  elevatorIdentityRules,
  gatewayDevice,
  maintenancePlan,
  netApply,
  type EntityDef,
  type Fields,
  type Issue,
} from '@liftcloud/client';

/** An entity that takes an xlsx import, and what is particular to its import. */
export interface ImportSpec {
  entity: EntityDef<Fields>;
  /**
   * Cross-field rules of a batch add, run instead of the entity's refine; absent: validateInput with the
   * entity's own refine.
   */
  batchRefine?: (input: Record<string, unknown>) => Issue[];
  /** The field whose value identifies a row for re-import (skip when the same row is already there). */
  keyOf: (input: Record<string, unknown>) => string | null;
  /** Values an imported row gets whatever the file says (the create source of a network application). */
  fixed?: Record<string, unknown>;
}

const present = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';

/** The three imports of the registry (issue 4): network applications, elevators (batch add) and gateways. */
export const IMPORTABLE: Record<string, ImportSpec> = {
  netApply: {
    entity: netApply as unknown as EntityDef<Fields>,
    keyOf: () => 'dtuCode',
    fixed: { createSource: 2 }, // web import
  },
  elevator: {
    entity: elevator as unknown as EntityDef<Fields>,
    // A batch add needs no register code (rules/devices.ts elevatorIdentityRules, batch flag).
    batchRefine: (input) =>
      elevatorIdentityRules(input as { factoryNo?: string; registerCode?: string }, { batch: true }),
    keyOf: (input) => (present(input.registerCode) ? 'registerCode' : present(input.factoryNo) ? 'factoryNo' : null),
  },
  gatewayDevice: {
    entity: gatewayDevice as unknown as EntityDef<Fields>,
    keyOf: () => 'dtuCode',
  },
  // maintenance plans (issue 13): elevators as ids separated by commas; a plan of the same name is skipped
  maintenancePlan: {
    entity: maintenancePlan as unknown as EntityDef<Fields>,
    keyOf: () => 'name',
  },
};
