import Type, { type Static } from 'typebox';
import type { EntityDef, Fields, InputOf, PatchOf, RecordOf } from '../schema/entity.js';
import { L } from '../schema/fields.js';
import { fileAnswer, fileForm, IdParams, named, NoData, pageOf } from './components.js';
import type { Operation } from './define.js';
import { exportPath, importPath } from './entity-paths.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** An import that went through (or, with dryRun, would): rows created, rows already there and skipped, rows read. */
export const ImportAnswer = named(
  'ImportAnswer',
  Type.Object({ created: Type.Integer(), skipped: Type.Integer(), total: Type.Integer(), dryRun: Type.Boolean() }),
);
export type ImportAnswer = Static<typeof ImportAnswer>;

/** A list's filters, page and page size: the fields an entity names as filters (its querySchema). */
export type ListQuery = Record<string, string | number | boolean | null | undefined>;

/** ?replace=true confirms moving a device bound to another elevator (entities with a rebind key). */
export const ReplaceQuery = Type.Object({ replace: Type.Optional(Type.Boolean()) });

/** dryRun=true checks every row without writing; any other text than true or false is refused (import.badQuery). */
const ImportQuery = Type.Object({ dryRun: Type.Optional(Type.String({ description: 'true or false (default)' })) });

/**
 * The generic operations of one entity (console-shell.md §7), named alike for every entity: listUsers,
 * getUser, createUser, updateUser, deleteUser, importElevators, exportUsers, with the entity's permission (read
 * or write). The server serves the ones the entity has (read-only entities: list, get and export).
 */
export function entityOperations<F extends Fields>(entity: EntityDef<F>) {
  const Name = capital(entity.name);
  const Plural = capital(entity.path);
  const label = entity.label['en-US'];
  const tags = [entity.name];
  const record = named(Name, Type.Unsafe<RecordOf<F>>(entity.recordSchema));
  const shape = <O extends Operation>(op: O): O => op;
  const { read, write } = entity.permission;
  return {
    list: shape({
      permission: read,
      operationId: `list${Plural}`,
      method: 'GET',
      path: entity.path,
      tags,
      summary: `List ${label}`,
      query: Type.Unsafe<ListQuery>(entity.querySchema),
      response: pageOf(record),
    }),
    get: shape({
      permission: read,
      operationId: `get${Name}`,
      method: 'GET',
      path: `${entity.path}/:id`,
      tags,
      summary: `Get ${label}`,
      params: IdParams,
      response: record,
    }),
    create: shape({
      permission: write,
      operationId: `create${Name}`,
      method: 'POST',
      path: entity.path,
      tags,
      summary: `Create ${label}`,
      query: ReplaceQuery,
      body: named(`${Name}Create`, Type.Unsafe<InputOf<F>>(entity.createSchema)),
      response: record,
    }),
    update: shape({
      permission: write,
      operationId: `update${Name}`,
      method: 'PUT',
      path: entity.path,
      tags,
      summary: `Update ${label}`,
      description:
        'Changes only the fields the body names. With `revision` (as read), a record saved by someone else since is refused with 409.',
      body: named(`${Name}Patch`, Type.Unsafe<PatchOf<F>>(entity.patchSchema)),
      response: record,
    }),
    remove: shape({
      permission: write,
      operationId: `delete${Name}`,
      method: 'DELETE',
      path: `${entity.path}/:id`,
      tags,
      summary: `Delete ${label}`,
      params: IdParams,
      response: NoData,
    }),
    import: shape({
      permission: write,
      operationId: `import${Plural}`,
      method: 'POST',
      path: importPath(entity.path),
      tags,
      summary: `Import ${label} from an .xlsx file`,
      description:
        'multipart/form-data with exactly one file field `file` (.xlsx). dryRun=true checks without writing. ' +
        'A file with any bad row answers 400 with data.errors [{row, column, field, rule, message}] and writes nothing.',
      query: ImportQuery,
      body: fileForm(L('文件', 'File', 'File')),
      multipart: true,
      response: ImportAnswer,
    }),
    export: shape({
      permission: read,
      operationId: `export${Plural}`,
      method: 'GET',
      path: exportPath(entity.path),
      tags,
      summary: `Export ${label} as .xlsx (the list's filters apply)`,
      query: Type.Unsafe<ListQuery>(entity.querySchema),
      produces: XLSX_TYPE,
      response: fileAnswer(),
    }),
  };
}
