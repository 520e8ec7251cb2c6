import { useTranslation } from 'react-i18next';
import type { CountedKind } from '@liftcloud/client';

/** The name of a counted message kind in the console's language. */
export function useKindLabel(): (kind: CountedKind) => string {
  const { t } = useTranslation();
  return (kind) => t(`pushStats.kind.${kind}`);
}
