import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../app/ConsoleContext';

/** GET main/authChildrenOrg, once per page: the selector and the home page share it. */
export function useOrgs() {
  const { t } = useTranslation();
  const { client } = useConsole();
  return useQuery({
    queryKey: ['orgs'],
    queryFn: () => client.orgs(),
    staleTime: Infinity,
    meta: { errorPrefix: t('shell.orgsFailed') },
  });
}
