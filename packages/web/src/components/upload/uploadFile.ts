import { ApiError, translate, type LiftCloudClient } from '@liftcloud/client';

/** The upload kinds the server accepts at POST uploads/{kind}. */
export type UploadKind = 'uiSettingImage' | 'programImage' | 'programVideo';

/**
 * Send one file as multipart (the JSON client cannot): same headers as every other call, the answer is
 * the usual envelope with {url}. Errors come back as ApiError with the server's message.
 */
export function uploadFile(client: LiftCloudClient, kind: UploadKind, file: File): Promise<string> {
  return uploadTo(client, `uploads/${kind}`, file);
}

/** POST one file to an API path (relative to the API base) that answers {url}. */
export async function uploadTo(client: LiftCloudClient, path: string, file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file, file.name);
  const base = client.http.options.baseUrl.replace(/\/$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/${path}`, { method: 'POST', headers: client.http.headers(), body });
  } catch {
    const language = client.http.language;
    throw new ApiError(translate(language, 'error.connectionFailed'), 'network', 0, 'error.connectionFailed');
  }
  const envelope = (await response.json().catch(() => null)) as {
    message?: string;
    data?: { url?: string; key?: string; errors?: { field: string; rule: string; message: string }[] };
  } | null;
  if (response.ok && envelope?.data?.url) return envelope.data.url;
  if (response.status === 401) client.http.options.onUnauthorized?.(new ApiError('', 'response', 401));
  throw new ApiError(
    envelope?.data?.errors?.[0]?.message ?? envelope?.message ?? translate(client.http.language, 'error.requestError'),
    'response',
    response.status,
    envelope?.data?.key ?? '',
    envelope?.data?.errors ?? [],
  );
}

/** What the console checks before sending: the server checks again, by content. */
export function imageProblem(
  file: File,
  limit: { types: readonly string[]; maxBytes: number },
): 'type' | 'size' | null {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!limit.types.includes(extension)) return 'type';
  if (file.size > limit.maxBytes) return 'size';
  return null;
}
