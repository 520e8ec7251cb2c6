import type { EntityDef, Fields, InputOf, PatchOf, RecordOf } from '../schema/entity.js';
import type { HttpClient, Query } from '../http/client.js';
import type { Page } from '../http/envelope.js';

/** The four generic calls of console-shell.md §7, for any URL. */
export function crud<R, I extends object = Partial<R>>(http: HttpClient, path: string) {
  return {
    /** The API path below /api (the entity definition's `path`). */
    path,
    list: (query: Query = {}) => http.get<Page<R>>(path, query),
    get: (id: number) => http.get<R>(`${path}/${id}`),
    /**
     * PUT when the body has a non-zero id or pkid, else POST; `replace` confirms moving a device bound to another
     * elevator (a create of an entity with a rebind key, after the server's 409 rule.boundElsewhere).
     */
    save: (body: I, opts: { replace?: boolean } = {}) => {
      const b = body as { id?: unknown; pkid?: unknown };
      const id = Number(b.id ?? b.pkid ?? 0);
      if (id) return http.put<R>(path, body);
      return http.post<R>(path, body, opts.replace ? { query: { replace: 'true' } } : {});
    },
    remove: (id: number) => http.delete<null>(`${path}/${id}`),
    /** Every page of a list, for exports and `list --all`. */
    async *all(query: Query = {}, pageSize = 200): AsyncGenerator<R> {
      for (let pageNo = 1; ; pageNo++) {
        const page = await http.get<Page<R>>(path, { ...query, pageNo, pageSize });
        yield* page.records;
        if (pageNo >= page.pages) return;
      }
    },
  };
}

export type Crud<R, I extends object = Partial<R>> = ReturnType<typeof crud<R, I>>;

/** Typed generic calls for one entity definition: save takes a new record, or a patch of a stored one. */
export function entityCrud<F extends Fields>(http: HttpClient, entity: EntityDef<F>) {
  return crud<RecordOf<F>, InputOf<F> | PatchOf<F>>(http, entity.path);
}
