import Type from 'typebox';
import { gatewayTest, GatewayTestResultSchema, type GatewayTest, type GatewayTestResult } from '../entities/index.js';
import { PERMISSION } from '../permissions.js';
import type { InputOf } from '../schema/entity.js';
import { IdParams, named } from './components.js';
import { defineOperation } from './define.js';
import { entityOperations } from './entity.js';

/**
 * Gateway tests: the server runs them, one gateway at a time; these start, follow and cancel one (list and get
 * are the entity's own). They share the gateways' permission (docs/decisions.md).
 */
const tags = [gatewayTest.name];
const generic = entityOperations(gatewayTest);

/** What a new test takes: 1 to 20 DTUs, an optional pass benchmark and total time (minutes). */
export type GatewayTestBody = InputOf<(typeof gatewayTest)['fields']>;

/** A gateway test with one result per DTU, in test order. */
export type GatewayTestDetail = GatewayTest & { results: GatewayTestResult[] };
const recordProps = (gatewayTest.recordSchema as { properties: Record<string, unknown> }).properties;
export const GatewayTestDetail = named(
  'GatewayTestDetail',
  Type.Unsafe<GatewayTestDetail>(
    Type.Object({ ...recordProps, results: Type.Array(GatewayTestResultSchema) }, { additionalProperties: false }),
  ),
);

export const createGatewayTest = defineOperation({
  operationId: 'createGatewayTest',
  method: 'POST',
  path: gatewayTest.path,
  permission: PERMISSION.gateways,
  tags,
  summary: 'Start a gateway test: each DTU is watched in turn for one window',
  body: generic.create.body,
  response: generic.get.response,
});

export const getGatewayTestDetail = defineOperation({
  operationId: 'getGatewayTestDetail',
  method: 'GET',
  path: `${gatewayTest.path}/:id/detail`,
  permission: PERMISSION.gateways,
  tags,
  summary: 'A gateway test with each gateway’s window, messages by kind and outcome',
  params: IdParams,
  response: GatewayTestDetail,
});

export const cancelGatewayTest = defineOperation({
  operationId: 'cancelGatewayTest',
  method: 'POST',
  path: `${gatewayTest.path}/:id/cancel`,
  permission: PERMISSION.gateways,
  tags,
  summary: 'Cancel a queued or running gateway test; gateways not yet tested stay untested',
  params: IdParams,
  response: generic.get.response,
});
