import type { HttpClient } from '../http/client.js';
import type { UserAction } from '../workflow/workOrder.js';

/** GET workOrders/{id}/detail (docs/work-orders.md): the order, what the caller may do now, people, timeline. */
export interface WorkOrderDetail {
  order: Record<string, unknown>;
  allowedActions: UserAction[];
  people: { userId: number; name: string; role: string }[];
  timeline: {
    action: string;
    fromState: number | null;
    toState: number;
    userName: string | null;
    note: string | null;
    time: number;
  }[];
}

/** What finish (handling, fault reason) and cancel (reason) take; the other actions take nothing. */
export type WorkOrderActionBody = { handling?: string; faultReason?: string; reason?: string };

/** A repair work order's calls beyond its list: the detail, the state machine's actions, pause, people. */
export function workOrderCalls(http: HttpClient) {
  return {
    detail: (id: number) => http.get<WorkOrderDetail>(`workOrders/${id}/detail`),
    act: (id: number, action: UserAction, body: WorkOrderActionBody = {}) =>
      http.post<null>(`workOrders/${id}/${action}`, body),
    pause: (id: number, paused: boolean) => http.put<null>(`workOrders/${id}/pause`, { paused }),
    addPerson: (id: number, userId: number, role: 'repair' | 'service') =>
      http.post<null>(`workOrders/${id}/people`, { userId, role }),
  };
}
