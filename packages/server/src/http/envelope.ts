import Type, { type TSchema } from 'typebox';

/** Success envelope. */
export const ok = <T>(data: T, message = 'ok') => ({ code: 200, message, data });

/** The response schema of an envelope around data, for serialisation and OpenAPI. */
export function envelope(data: TSchema): TSchema {
  return Type.Object({ code: Type.Integer(), message: Type.String(), data });
}
