import { allows, qualityBody } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';

/** Everybody may read the quality-supervision bodies; writing needs index 12. */
export default function QualityBodiesPage() {
  const { session } = useConsole();
  const canWrite = !!session && allows(session.username, session.auth, 12);
  return <CrudPage entity={qualityBody} columns={['no', 'name', 'region', 'address']} readOnly={!canWrite} />;
}
