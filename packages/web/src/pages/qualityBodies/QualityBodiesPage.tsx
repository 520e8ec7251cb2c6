import { permits, qualityBody } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';

/** Everybody may read the quality-supervision bodies; writing needs the definition's write permission. */
export default function QualityBodiesPage() {
  const { session } = useConsole();
  const canWrite = !!session && permits(session.username, session.auth, qualityBody.permission.write);
  return <CrudPage entity={qualityBody} columns={['no', 'name', 'region', 'address']} readOnly={!canWrite} />;
}
