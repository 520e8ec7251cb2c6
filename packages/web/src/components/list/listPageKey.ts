import type { Query } from '@liftcloud/client';

/**
 * The query key of one page of an entity's list: what ListPage reads and what the boot asks for ahead of the
 * screen (routes/firstList.ts). Every list of the entity starts with [path, 'list'] (listQueryKey).
 */
export const listPageKey = (path: string, query: Query) => [path, 'list', query] as const;
