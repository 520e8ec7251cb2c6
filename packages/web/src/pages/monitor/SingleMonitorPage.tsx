import { useQuery } from '@tanstack/react-query';
import { App, Col, Layout, Row, Spin } from 'antd';
import { useParams } from 'react-router-dom';
import { useConsole } from '../../app/ConsoleContext';
import { FeedbackBridge } from '../../app/FeedbackBridge';
import { LiveChannel } from '../../live/LiveChannel';
import { RecordMissing } from '../../components/RecordMissing';
import { ElevatorTile } from './ElevatorTile';
import { Shaft } from './Shaft';
import { useElevatorState } from './useElevatorState';

/**
 * /singleMonitor/:elevatorId, a page of its own: one elevator's shaft with the car moving live and its runtime
 * flags, beside its live state and latest alarm, updated by the live channel.
 */
export default function SingleMonitorPage() {
  const { client } = useConsole();
  const elevatorId = Number(useParams().elevatorId);
  const lift = useQuery({
    queryKey: ['elevators', 'get', elevatorId],
    queryFn: () => client.entities.elevator.get(elevatorId),
    retry: false,
    // a missing elevator is said on the page, not in a notice
    meta: { silent: true },
  });
  return (
    <App>
      <FeedbackBridge />
      <LiveChannel />
      <Layout style={{ minHeight: '100vh', padding: 24 }} data-testid="single-monitor">
        <div style={{ maxWidth: 760, margin: '0 auto', width: '100%' }}>
          {/* the tile (and its live-state read) only for an elevator that exists */}
          {lift.isError ? (
            <RecordMissing error={lift.error} id={elevatorId} />
          ) : lift.data ? (
            <Row gutter={16}>
              <Col xs={24} md={10}>
                <LiveShaft elevatorId={elevatorId} floors={lift.data.floors ?? null} />
              </Col>
              <Col xs={24} md={14}>
                <ElevatorTile elevatorId={elevatorId} title={String(lift.data.name)} large />
              </Col>
            </Row>
          ) : (
            <Spin style={{ display: 'block', margin: '48px auto' }} />
          )}
        </div>
      </Layout>
    </App>
  );
}

function LiveShaft(props: { elevatorId: number; floors: number | null }) {
  const { state } = useElevatorState(props.elevatorId);
  return <Shaft floors={props.floors} state={state} />;
}
