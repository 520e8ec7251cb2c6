import type { HttpClient, Query } from '../http/client.js';
import type { Download } from './components.js';
import { fillPath, type CallInput, type CallResult, type OperationShape } from './define.js';

/**
 * One call of an operation over the client's request conventions: the path filled from `params`, the query,
 * the body as JSON (or as the FormData of an upload), and the envelope's data back (a download's file).
 * A public operation is sent without the session's token.
 */
export async function callOperation<O extends OperationShape>(
  http: HttpClient,
  op: O,
  input: CallInput<O> | undefined,
): Promise<CallResult<O>> {
  const { params, query, body, signal, timeoutMs } = (input ?? {}) as {
    params?: object;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
    timeoutMs?: number;
  };
  const path = fillPath(op.path, params);
  // Query values are the schema's scalars (text, numbers, flags); HttpClient writes each as text.
  const q = query as Query | undefined;
  const options = { ...(signal ? { signal } : {}), ...(timeoutMs ? { timeoutMs } : {}) };
  if (op.produces) {
    const file: Download = await http.file(path, q, options);
    return file as CallResult<O>;
  }
  const anonymous = 'permission' in op && op.permission === 'public';
  // Writes always carry a body (an empty object when the operation takes none), as the API has always had them.
  const sent = body ?? (op.method === 'POST' || op.method === 'PUT' ? {} : undefined);
  return http.request<CallResult<O>>(op.method, path, { ...options, query: q, body: sent, anonymous });
}
