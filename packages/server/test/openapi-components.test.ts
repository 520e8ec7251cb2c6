import { named } from '@liftcloud/client';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { nameComponents } from '../src/plugins/openapi-components.js';

const answer = (data: unknown) => ({
  responses: {
    200: {
      content: {
        'application/json': {
          schema: { type: 'object', properties: { code: {}, message: {}, data } },
        },
      },
    },
  },
});

describe('named components in the OpenAPI document', () => {
  it('lists a named schema once and points every use of it there', () => {
    const Lift = named('Lift', Type.Object({ name: Type.String() }));
    const doc = nameComponents({
      paths: { '/a': { get: answer(Lift) }, '/b': { get: answer(Type.Array(Lift)) } },
    });
    expect(doc.components.schemas.Lift).toEqual({
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' } },
    });
    const answerOf = (data: unknown) => ({
      get: {
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  allOf: [{ $ref: '#/components/schemas/Envelope' }, { type: 'object', properties: { data } }],
                },
              },
            },
          },
          default: { description: expect.any(String), content: expect.anything() },
        },
      },
    });
    expect(doc.paths).toEqual({
      '/a': answerOf({ $ref: '#/components/schemas/Lift' }),
      '/b': answerOf({ type: 'array', items: { $ref: '#/components/schemas/Lift' } }),
    });
  });

  it('refuses two different schemas under one name', () => {
    const one = named('Lift', Type.Object({ name: Type.String() }));
    const other = named('Lift', Type.Object({ floors: Type.Integer() }));
    expect(() => nameComponents({ paths: { '/a': { get: answer(one) }, '/b': { get: answer(other) } } })).toThrow(
      'two different schemas are named Lift',
    );
  });
});
