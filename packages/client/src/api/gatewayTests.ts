import type { GatewayTest, GatewayTestResult } from '../entities/index.js';
import type { HttpClient } from '../http/client.js';

/** What POST gatewayTests accepts: 1 to 20 DTUs, an optional pass benchmark and total time (minutes). */
export interface GatewayTestBody {
  dtuCodes: string[];
  passBenchmark?: number | null;
  testTime?: number | null;
}

/** A gateway test with one result per DTU, in test order. */
export type GatewayTestDetail = GatewayTest & { results: GatewayTestResult[] };

/** Gateway tests: the server runs them (one gateway at a time); these start, follow and cancel one. */
export function gatewayTestCalls(http: HttpClient) {
  return {
    create: (body: GatewayTestBody) => http.post<GatewayTest>('gatewayTests', body),
    detail: (id: number) => http.get<GatewayTestDetail>(`gatewayTests/${id}/detail`),
    cancel: (id: number) => http.post<GatewayTest>(`gatewayTests/${id}/cancel`),
  };
}
