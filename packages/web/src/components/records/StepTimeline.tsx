import { Card, Timeline } from 'antd';
import { formatDateTime } from '../fieldOptions';

/** One step of an order's timeline, already in the reader's words. */
export interface TimelineStep {
  /** The state the step led to. */
  state: string;
  /** What was done. */
  action: string;
  userName?: string | null;
  /** Epoch milliseconds. */
  time: number;
  note?: string | null;
}

/** An order's timeline (repair and maintenance orders): state · action · who · when, and the note under it. */
export function StepTimeline(props: { title: string; steps: TimelineStep[]; testId: string }) {
  return (
    <Card title={props.title} size="small" data-testid={props.testId}>
      <Timeline
        items={props.steps.map((step, i) => ({
          key: i,
          content: (
            <>
              <b>{step.state}</b> · {step.action}
              {step.userName ? ` · ${step.userName}` : ''} · {formatDateTime(step.time)}
              {step.note ? <div>{step.note}</div> : null}
            </>
          ),
        }))}
      />
    </Card>
  );
}
