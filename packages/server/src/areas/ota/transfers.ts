import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { Monitoring } from '../../monitoring/index.js';
import type { OtaService } from '../../services/ota.js';

/**
 * Sending burns' firmware to their gateways over MQTT (docs/gateway-protocol.md "OTA transfer"). Not built
 * yet: a started burn stays waiting (its quota reserved) until the transfer reports through OtaService.finish.
 */
export class OtaTransfers {
  constructor(
    readonly db: Kysely<DB>,
    readonly ota: OtaService,
    readonly monitoring: Monitoring,
    readonly uploadDir: string | null,
    readonly log: FastifyBaseLogger,
  ) {}

  start(burnIds: number[]): void {
    if (burnIds.length) this.log.debug({ burnIds }, 'OTA burns waiting for their transfer');
  }

  async close(): Promise<void> {}
}
