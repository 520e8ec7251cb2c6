import Type, { type Static } from 'typebox';
import { HEALTH_LEVEL_NAMES } from '../health/index.js';
import { PERMISSION } from '../permissions.js';
import { L } from '../schema/fields.js';
import { named } from './components.js';
import { defineOperation } from './define.js';

/** Which elevators: one (or a comma-separated few), and only those below a level. */
export const HealthQuery = named(
  'HealthQuery',
  Type.Object({
    elevatorIds: Type.Optional(
      Type.String({ maxLength: 2000, pattern: '^\\d+(,\\d+)*$', 'x-label': L('电梯', 'Elevators', 'Ascensori') }),
    ),
    below: Type.Optional(Type.String({ enum: [...HEALTH_LEVEL_NAMES], 'x-label': L('低于', 'Below', 'Sotto') })),
  }),
);
export type HealthQuery = Static<typeof HealthQuery>;

export const HealthReasonSchema = Type.Object({
  factor: Type.String(),
  value: Type.Number(),
  points: Type.Number(),
});

/** One elevator's health index (client health/index.ts, docs/health-index.md). */
export const ElevatorHealth = named(
  'ElevatorHealth',
  Type.Object({
    elevatorId: Type.Integer(),
    elevatorName: Type.String(),
    score: Type.Number({ minimum: 0, maximum: 100 }),
    /** healthLevel: 1 low, 2 middle, 3 high. */
    level: Type.Integer({ minimum: 1, maximum: 3 }),
    reasons: Type.Array(HealthReasonSchema),
  }),
);
export type ElevatorHealth = Static<typeof ElevatorHealth>;

/** GET /api/health: the health index of every elevator the caller sees (or those asked for), lowest first. */
export const listHealth = defineOperation({
  operationId: 'listHealth',
  method: 'GET',
  path: 'health',
  permission: PERMISSION.elevators,
  tags: ['health'],
  summary: 'Health index (low, middle, high) of the elevators, from faults, hazards, vibration and maintenance',
  query: HealthQuery,
  response: Type.Array(ElevatorHealth),
});
