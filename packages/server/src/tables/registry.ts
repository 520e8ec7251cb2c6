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
import { refuseIfUsed, type TableSpec } from '../store/repository.js';

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
  refs: {
    useUnitId: 'useUnits',
    maintenanceCompanyId: 'companies',
    propertyCompanyId: 'companies',
    manufacturerId: 'companies',
    installationCompanyId: 'companies',
    modificationCompanyId: 'companies',
    qualityBodyId: 'qualityBodies',
    faultTemplateId: 'faultTemplates',
    floorDisplayTemplateId: 'floorDisplayTemplates',
  },
  links: { maintainerIds: { table: 'elevatorMaintainers', ownKey: 'elevatorId', otherKey: 'userId', target: 'users' } },
  platformUnique: ['dtuCode'],
  computed: (eb) => ({
    useUnitName: eb.selectFrom('useUnits as u').select('u.name').whereRef('u.id', '=', 't.useUnitId'),
    maintenanceCompanyName: eb
      .selectFrom('companies as c')
      .select('c.name')
      .whereRef('c.id', '=', 't.maintenanceCompanyId'),
  }),
  async beforeDelete(existing, { trx }) {
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
  refs: { elevatorId: 'elevators' } as TableSpec<F>['refs'],
});

export const floorMappingTable = child(floorMapping, 'floorMappings');
export const elevatorPartTable = child(elevatorPart, 'elevatorParts');
export const elevatorUserTable: TableSpec<typeof elevatorUser.fields> = {
  entity: elevatorUser,
  table: 'elevatorUsers',
  scope: 'org',
  refs: { elevatorId: 'elevators', companyId: 'companies', userId: 'users' },
  relatedCompanies: ['companyId'],
};

export const gatewayDeviceTable: TableSpec<typeof gatewayDevice.fields> = {
  entity: gatewayDevice,
  table: 'gatewayDevices',
  scope: 'org',
  refs: { elevatorId: 'elevators' },
  platformUnique: ['dtuCode'],
  computed: (eb) => ({
    elevatorName: eb.selectFrom('elevators as e').select('e.name').whereRef('e.id', '=', 't.elevatorId'),
  }),
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
  refs: { partTypeId: 'partTypes', elevatorId: 'elevators', elevatorCompanyId: 'companies' },
  relatedCompanies: ['elevatorCompanyId'],
  platformUnique: ['partsSn'],
  computed: (eb) => ({
    partTypeName: eb.selectFrom('partTypes as p').select('p.name').whereRef('p.id', '=', 't.partTypeId'),
  }),
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
  refs: { companyId: 'companies' },
  async beforeDelete(existing, { trx }) {
    await refuseIfUsed(trx, 'smartScreens', 'programCardId', existing.id);
  },
};

export const smartScreenTable: TableSpec<typeof smartScreen.fields> = {
  entity: smartScreen,
  table: 'smartScreens',
  scope: 'org',
  refs: { elevatorId: 'elevators', programCardId: 'programCards' },
  platformUnique: ['mac'],
  rebindBy: 'mac',
};

export const cameraTable: TableSpec<typeof camera.fields> = {
  entity: camera,
  table: 'cameras',
  scope: 'org',
  refs: { elevatorId: 'elevators' },
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
  refs: { elevatorId: 'elevators' },
};

export const meterGatewayTable: TableSpec<typeof meterGateway.fields> = {
  entity: meterGateway,
  table: 'meterGateways',
  scope: 'org',
  refs: { elevatorId: 'elevators', useUnitId: 'useUnits' },
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
