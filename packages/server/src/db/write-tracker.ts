import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** How many writes each table has seen in this process; caches of derived values key on it. */
const versions = new Map<string, number>();

export function tableVersion(table: string): number {
  return versions.get(table) ?? 0;
}

/** The table an INSERT, UPDATE or DELETE writes, read from its query node (an alias is looked through). */
function writtenTables(node: RootOperationNode): string[] {
  const nameOf = (n: OperationNode | undefined): string | null => {
    if (!n) return null;
    if (n.kind === 'TableNode')
      return (n as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
    if (n.kind === 'AliasNode') return nameOf((n as unknown as { node: OperationNode }).node);
    return null;
  };
  switch (node.kind) {
    case 'InsertQueryNode':
      return [nameOf(node.into)].filter((t): t is string => t !== null);
    case 'UpdateQueryNode':
      return [nameOf(node.table)].filter((t): t is string => t !== null);
    case 'DeleteQueryNode':
      return node.from.froms.map(nameOf).filter((t): t is string => t !== null);
    default:
      return [];
  }
}

/**
 * Notes every write that goes through Kysely, whoever makes it (repository, routes, ingest, imports), so a
 * cached list total can never outlive a write made in this process.
 */
export class WriteTracker implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    for (const table of writtenTables(args.node)) versions.set(table, tableVersion(table) + 1);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
