import { Compile } from 'typebox/compile';
import { LiveFrameSchema, type LiveFrame } from './frames.js';

const compile = () => Compile(LiveFrameSchema);
/** Compiled on first use, so a program that never reads a frame never pays for it. */
let validator: ReturnType<typeof compile> | undefined;

/**
 * A message of the live channel as a typed frame, or null when it is not one: an unknown type, a type
 * number that does not match its name, or a payload that does not match the type's schema. Readers take
 * frames only through here, so they read `frame.data` with its types.
 */
export function parseLiveFrame(message: unknown): LiveFrame | null {
  validator ??= compile();
  return validator.Check(message) ? message : null;
}

/** The elevator a frame is about, if it names one (gateway-test frames never do; a gateway may be unbound). */
export function liveFrameElevatorId(frame: LiveFrame): number | null {
  return 'elevatorId' in frame.data ? (frame.data.elevatorId ?? null) : null;
}
