import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../app/ConsoleContext';
import { useOrgs } from './useOrgs';

/** GET main/authChildrenOrg; switching organisation is saved and the page reloads. */
export function OrgSelector() {
  const { t } = useTranslation();
  const { client, orgId } = useConsole();
  const orgs = useOrgs();
  if (!orgs.data || orgs.data.length === 0) return null;
  return (
    <Select<number>
      aria-label={t('shell.organisation')}
      data-testid="org-selector"
      value={orgId ?? undefined}
      style={{ minWidth: 180, maxWidth: 280 }}
      showSearch={{ optionFilterProp: 'label' }}
      options={orgs.data.map((org) => ({ value: org.id, label: org.name }))}
      onChange={(next) => {
        client.session.setOrgId(next);
        location.reload();
      }}
    />
  );
}
