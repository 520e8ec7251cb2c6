import { MENU, type Language } from '@liftcloud/client';

/** A node of the role screen's permission tree: menu groups, their pages, and a page's indexes when several. */
export interface PermissionNode {
  key: string;
  title: string;
  /** Leaves carry the index they grant. */
  index?: number;
  children?: PermissionNode[];
}

/** The tree mirrors the sidebar: pages that need no index (-1) have nothing to grant and are left out. */
export function permissionTree(language: Language, indexLabel: (index: number) => string): PermissionNode[] {
  return MENU.map((group) => ({
    key: `group:${group.key}`,
    title: group.label[language],
    children: group.children.flatMap((item): PermissionNode[] => {
      const indexes = [item.index].flat().filter((n) => n >= 0);
      if (indexes.length === 0) return [];
      const title = `${item.label[language]} (${indexes.join(', ')})`;
      if (indexes.length === 1) return [{ key: `${item.path}#${indexes[0]}`, title, index: indexes[0] }];
      return [
        {
          key: item.path,
          title: item.label[language],
          children: indexes.map((index) => ({ key: `${item.path}#${index}`, title: indexLabel(index), index })),
        },
      ];
    }),
  })).filter((group) => group.children.length > 0);
}

export function leavesOf(nodes: PermissionNode[]): PermissionNode[] {
  return nodes.flatMap((node) => (node.children ? leavesOf(node.children) : [node]));
}

/**
 * Several pages share an index (all company pages need 12), so the tree's checked leaves are every leaf whose
 * index is granted, and a click grants or withdraws the clicked leaves' indexes.
 */
export function nextPermissions(
  current: readonly number[],
  leaves: PermissionNode[],
  checkedBefore: readonly string[],
  checkedAfter: readonly string[],
): number[] {
  const before = new Set(checkedBefore);
  const after = new Set(checkedAfter);
  const indexOf = new Map(leaves.map((leaf) => [leaf.key, leaf.index!]));
  const result = new Set(current);
  for (const key of before) if (!after.has(key) && indexOf.has(key)) result.delete(indexOf.get(key)!);
  for (const key of after) if (!before.has(key) && indexOf.has(key)) result.add(indexOf.get(key)!);
  return [...result].sort((a, b) => a - b);
}
