import { Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/ConsoleContext';
import { leavesOf, nextPermissions, permissionTree } from './permissionTree';

/** A role's permission indexes as a checkable copy of the sidebar. Form.Item passes value and onChange. */
export function PermissionTree(props: { value?: number[]; onChange?: (value: number[]) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const tree = useMemo(() => permissionTree(language, (index) => t('roles.indexLabel', { index })), [language, t]);
  const leaves = useMemo(() => leavesOf(tree), [tree]);
  const granted = new Set(props.value ?? []);
  const checked = leaves.filter((leaf) => granted.has(leaf.index!)).map((leaf) => leaf.key);
  return (
    <div style={{ maxHeight: 360, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
      <Tree
        checkable
        selectable={false}
        data-testid="permission-tree"
        treeData={tree}
        checkedKeys={checked}
        onCheck={(keys) => {
          const after = (Array.isArray(keys) ? keys : keys.checked).map(String);
          props.onChange?.(nextPermissions(props.value ?? [], leaves, checked, after));
        }}
      />
    </div>
  );
}
