import {
  camera,
  elevator,
  elevatorPart,
  elevatorUser,
  faultTemplate,
  floorDisplayTemplate,
  floorMapping,
  gatewayDevice,
  gatewayVersion,
  meterGateway,
  monitorDevice,
  netApply,
  part,
  partType,
  programCard,
  smartScreen,
} from '@liftcloud/client';
import { INSPECTION_RESULT, elevatorMaintenanceRules } from '@liftcloud/client';
import { HttpError, ValidationError } from '../http/errors.js';
import { refuseIfUsed } from '../store/refuse.js';
import { inActivePlan, inAnyPlan } from './maintenance.js';
import type { TableSpec } from '../store/repository.js';

/**
 * How the registry's entities are stored. Each row keeps the organisation that created it; an elevator is
 * also visible to the companies related to it (maintenance, property, manufacturer and the rest).
 */
export const elevatorTable: TableSpec<typeof elevator.fields> = {
  entity: elevator,
  table: 'elevators',
  scope: 'org',
  relatedCompanies: [
    'maintenanceCompanyId',
    'propertyCompanyId',
    'manufacturerId',
    'installationCompanyId',
    'modificationCompanyId',
  ],
  links: { maintainerIds: { table: 'elevatorMaintainers', ownKey: 'elevatorId', otherKey: 'userId' } },
  platformUnique: ['dtuCode'],
  computed: (eb) => ({
    // the next annual inspection follows from the latest pass (docs/decisions.md "Annual inspections"): each
    // pass stores its own next date, a later pass a later one, so the latest is the largest
    nextCheckDate: eb
      .selectFrom('inspections as i')
      .select((i) => i.fn.max('i.nextCheckDate').as('d'))
      .whereRef('i.tenantId', '=', 't.tenantId')
      .whereRef('i.elevatorId', '=', 't.id')
      .where('i.result', '=', INSPECTION_RESULT.pass),
  }),
  // an elevator in an active maintenance plan keeps its company and at least one maintainer (domain.md §5)
  async beforeUpdate(_row, input, existing, { trx }) {
    const merged = { ...existing, ...input } as Parameters<typeof elevatorMaintenanceRules>[0];
    if (!(await inActivePlan(trx, Number(existing.id)))) return;
    const issues = elevatorMaintenanceRules(merged, true);
    if (issues.length) throw new ValidationError(issues, elevator.patchSchema);
  },
  async beforeDelete(existing, { trx }) {
    // maintenance keeps its history: an elevator with plans or orders is not deleted under them
    if (await inAnyPlan(trx, Number(existing.id))) throw new HttpError(409, 'error.inUse');
    await refuseIfUsed(trx, 'maintenanceOrders', 'elevatorId', existing.id);
    await refuseIfUsed(trx, 'oldMaintenanceOrders', 'elevatorId', existing.id);
    // and its paperwork: inspections, safety checks, the contracts and modernisation orders that name it
    for (const table of ['inspections', 'safetyChecks', 'contractElevators', 'modSalesOrderElevators'])
      await refuseIfUsed(trx, table, 'elevatorId', existing.id);
    await trx
      .updateTable('gatewayDevices')
      .set({ elevatorId: null, bindState: 0 })
      .where('elevatorId', '=', existing.id)
      .execute();
    for (const table of ['floorMappings', 'elevatorParts', 'elevatorUsers'])
      await trx.deleteFrom(table).where('elevatorId', '=', existing.id).execute();
    await refuseIfUsed(trx, 'smartScreens', 'elevatorId', existing.id);
  },
};

const child = <F extends TableSpec['entity']['fields']>(
  entity: TableSpec<F>['entity'],
  table: string,
): TableSpec<F> => ({
  entity,
  table,
  scope: 'org',
});

export const floorMappingTable = child(floorMapping, 'floorMappings');
export const elevatorPartTable = child(elevatorPart, 'elevatorParts');
export const elevatorUserTable: TableSpec<typeof elevatorUser.fields> = {
  entity: elevatorUser,
  table: 'elevatorUsers',
  scope: 'org',
  relatedCompanies: ['companyId'],
};

export const gatewayDeviceTable: TableSpec<typeof gatewayDevice.fields> = {
  entity: gatewayDevice,
  table: 'gatewayDevices',
  scope: 'org',
  platformUnique: ['dtuCode'],
  async beforeCreate(row) {
    row.bindState = row.elevatorId ? 1 : 0;
    row.linkStatus = 1;
  },
  async beforeUpdate(row, input) {
    if ('elevatorId' in input) row.bindState = input.elevatorId ? 1 : 0;
  },
};

/** Gateway program versions are the platform's: published by the super admin, read by every tenant. */
export const gatewayVersionTable: TableSpec<typeof gatewayVersion.fields> = {
  entity: gatewayVersion,
  table: 'gatewayVersions',
  scope: 'platform',
  async beforeCreate(row, _input, { caller }) {
    row.creator = caller.name;
    row.tenantId = caller.tenantId;
  },
};

export const partTable: TableSpec<typeof part.fields> = {
  entity: part,
  table: 'parts',
  scope: 'org',
  relatedCompanies: ['elevatorCompanyId'],
  platformUnique: ['partsSn'],
  async beforeCreate(row, _input, { caller }) {
    row.creatorName = caller.name;
  },
};

export const partTypeTable: TableSpec<typeof partType.fields> = {
  entity: partType,
  table: 'partTypes',
  scope: 'tenant',
  async beforeDelete(existing, { trx }) {
    await refuseIfUsed(trx, 'parts', 'partTypeId', existing.id);
  },
};

export const programCardTable: TableSpec<typeof programCard.fields> = {
  entity: programCard,
  table: 'programCards',
  scope: 'org',
  async beforeDelete(existing, { trx }) {
    await refuseIfUsed(trx, 'smartScreens', 'programCardId', existing.id);
  },
};

export const smartScreenTable: TableSpec<typeof smartScreen.fields> = {
  entity: smartScreen,
  table: 'smartScreens',
  scope: 'org',
  platformUnique: ['mac'],
  rebindBy: 'mac',
};

export const cameraTable: TableSpec<typeof camera.fields> = {
  entity: camera,
  table: 'cameras',
  scope: 'org',
  platformUnique: ['mac'],
  rebindBy: 'mac',
  async beforeCreate(row) {
    row.upgradeStatus = 0;
  },
};

export const monitorDeviceTable: TableSpec<typeof monitorDevice.fields> = {
  entity: monitorDevice,
  table: 'monitorDevices',
  scope: 'org',
};

export const meterGatewayTable: TableSpec<typeof meterGateway.fields> = {
  entity: meterGateway,
  table: 'meterGateways',
  scope: 'org',
};

export const netApplyTable: TableSpec<typeof netApply.fields> = {
  entity: netApply,
  table: 'netApplies',
  scope: 'org',
  platformUnique: ['dtuCode'],
  async beforeCreate(row) {
    row.createSource ??= 1;
    row.status = 0;
    row.generated = 0;
  },
};

export const faultTemplateTable: TableSpec<typeof faultTemplate.fields> = {
  entity: faultTemplate,
  table: 'faultTemplates',
  scope: 'tenant',
};
export const floorDisplayTemplateTable: TableSpec<typeof floorDisplayTemplate.fields> = {
  entity: floorDisplayTemplate,
  table: 'floorDisplayTemplates',
  scope: 'tenant',
};
