import { MAX_OTA_UP_BYTES, OtaUpMessage, checkSchema, type OtaDownMessage } from '@liftcloud/client';
import type { FastifyBaseLogger } from 'fastify';

/** What the OTA transfers (areas/ota/transfers.ts) hear from the gateways through this instance's broker link. */
export interface OtaLinkHandler {
  /** A transfer message a gateway sent (its DTU from its login or topic), checked against the protocol. */
  up(dtu: string, message: OtaUpMessage): void;
  /** A gateway logged in on this instance's embedded broker. */
  connected(dtu: string): void;
  /** A gateway's last connection to this instance's embedded broker closed. */
  disconnected(dtu: string): void;
}

/**
 * The gateway side of OTA transfers (docs/gateway-protocol.md "OTA transfer"): the brokers hand it the messages
 * on lc/{dtu}/up/ota and the gateways' comings and goings; the transfers send chunks down through it. Up messages
 * that do not match the protocol are counted and dropped.
 */
export class OtaLink {
  private handler: OtaLinkHandler | null = null;
  dropped = 0;
  /** Sends down, and says whether a gateway is connected here: set by the broker in use. */
  sender: ((dtu: string, message: OtaDownMessage) => Promise<void>) | null = null;
  /** Null: the broker is external and cannot tell (every gateway counts as reachable). */
  isConnected: ((dtu: string) => boolean) | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  handle(handler: OtaLinkHandler | null): void {
    this.handler = handler;
  }

  /** Who handles transfer messages here (the OTA transfers), if anyone. */
  get current(): OtaLinkHandler | null {
    return this.handler;
  }

  /** A payload on lc/{dtu}/up/ota. */
  received(dtu: string, payload: Buffer): void {
    let message: unknown;
    try {
      message = payload.length > MAX_OTA_UP_BYTES ? null : JSON.parse(payload.toString('utf8'));
    } catch {
      message = null;
    }
    if (message === null || checkSchema(OtaUpMessage, message).length) {
      this.dropped++;
      this.log.warn({ dtu, bytes: payload.length }, 'OTA message does not match the protocol, dropped');
      return;
    }
    this.handler?.up(dtu, message as OtaUpMessage);
  }

  connected(dtu: string): void {
    this.handler?.connected(dtu);
  }

  disconnected(dtu: string): void {
    this.handler?.disconnected(dtu);
  }

  reachable(dtu: string): boolean {
    if (!this.sender) return false;
    return this.isConnected ? this.isConnected(dtu) : true;
  }

  async send(dtu: string, message: OtaDownMessage): Promise<void> {
    if (!this.sender) throw new Error('no broker to send OTA transfers through');
    await this.sender(dtu, message);
  }
}
