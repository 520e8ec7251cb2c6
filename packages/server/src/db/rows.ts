import type { Field, Fields } from '@liftcloud/client';
import type { Generated } from 'kysely';

/**
 * A stored row as its entity definition implies it, so the row types are not written twice: flags are 0/1
 * integers and date-times epoch milliseconds (both dialects read them alike), a list kept in its own column is
 * JSON text, and a write-once secret is kept hashed beside its name (password → passwordHash). Names read through
 * references, computed counts and id lists kept in link tables have no column. tests/api/store-schema.test.ts
 * checks the migrated store against the same rules.
 */
export type StoredRow<F extends Fields> = {
  id: Generated<number>;
  createTime: number;
  updateTime: number;
} & { [K in keyof F as Column<K, F[K]>]: F[K] extends { createOnly: true } ? string : Nullable<F[K]> };

/** The column a field is kept in, or never. */
type Column<K, Fd> = Fd extends { derived: true }
  ? never
  : Fd extends { target: string } & Field<number[]>
    ? never
    : Fd extends { createOnly: true }
      ? `${K & string}Hash`
      : K;

type StoredValue<Fd> = Fd extends { kind: 'datetime' }
  ? number
  : Fd extends Field<infer V>
    ? V extends
        boolean | number // an enum's column holds a number, whichever codes the definition names
      ? number
      : V extends readonly unknown[]
        ? string
        : V
    : never;

/** Empty when the definition lets it be: an optional field, or a read-only one the server may not have filled yet. */
type Nullable<Fd> = Fd extends { required: true }
  ? Fd extends { readOnly: true }
    ? StoredValue<Fd> | null
    : StoredValue<Fd>
  : StoredValue<Fd> | null;
