import { useQuery } from '@tanstack/react-query';
import { App, Layout } from 'antd';
import { useParams } from 'react-router-dom';
import { useConsole } from '../../app/ConsoleContext';
import { FeedbackBridge } from '../../app/FeedbackBridge';
import { LiveChannel } from '../../live/LiveChannel';
import { ElevatorTile } from './ElevatorTile';

/** /singleMonitor/:elevatorId, a page of its own: one elevator's live state, updated by the live channel. */
export default function SingleMonitorPage() {
  const { client } = useConsole();
  const elevatorId = Number(useParams().elevatorId);
  const lift = useQuery({
    queryKey: ['elevators', 'get', elevatorId],
    queryFn: () => client.entities.elevator.get(elevatorId),
  });
  return (
    <App>
      <FeedbackBridge />
      <LiveChannel />
      <Layout style={{ minHeight: '100vh', padding: 24 }} data-testid="single-monitor">
        <div style={{ maxWidth: 520, margin: '0 auto', width: '100%' }}>
          <ElevatorTile elevatorId={elevatorId} title={lift.data ? String(lift.data.name) : undefined} large />
        </div>
      </Layout>
    </App>
  );
}
