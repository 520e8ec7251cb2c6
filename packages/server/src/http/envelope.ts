import Type, { type TSchema } from 'typebox';

/** Success envelope. */
export const ok = <T>(data: T, message = 'ok') => ({ code: 200, message, data });

/** The response schema of an envelope around data, for serialisation and OpenAPI. */
export function envelope(data: TSchema): TSchema {
  return Type.Object({ code: Type.Integer(), message: Type.String(), data });
}

export function pageOf(record: TSchema): TSchema {
  return Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    pages: Type.Integer(),
    pageNo: Type.Integer(),
    pageSize: Type.Integer(),
  });
}

export const NullData = Type.Null();
export const IdParams = Type.Object({
  id: Type.Integer({
    minimum: 1,
    maximum: 2147483647,
    'x-label': { 'zh-CN': '编号', 'en-US': 'ID', 'it-Italy': 'ID' },
  }),
});
