/**
 * The alarm light's commands: the LCUS-1 USB relay protocol most USB serial alarm lights use, four bytes each
 * (start byte 0xA0, relay 1, state, and their sum as a checksum). Defined once here; README.md documents them.
 */
export const LIGHT_COMMANDS = {
  on: Buffer.from([0xa0, 0x01, 0x01, 0xa2]),
  off: Buffer.from([0xa0, 0x01, 0x00, 0xa1]),
} as const;
export type LightState = keyof typeof LIGHT_COMMANDS;
