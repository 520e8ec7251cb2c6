import { uploadProgramImage, uploadProgramVideo, uploadUiSettingImage, type LiftCloudClient } from '@liftcloud/client';

/** The upload operations the console sends one file to, by kind. */
const UPLOADS = {
  uiSettingImage: uploadUiSettingImage,
  programImage: uploadProgramImage,
  programVideo: uploadProgramVideo,
} as const;
export type UploadKind = keyof typeof UPLOADS;

/** A 300 MB video on a slow line takes a while: an upload waits up to 30 minutes. */
export const UPLOAD_TIMEOUT_MS = 30 * 60_000;

/** One file as the multipart body of an upload (the field `file`). */
export function fileForm(file: File): FormData {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

/**
 * Send one file with the client's headers; the answer is where the server keeps it. Errors come back as
 * ApiError with the server's message (the field and the rule).
 */
export async function uploadFile(client: LiftCloudClient, kind: UploadKind, file: File): Promise<string> {
  const { url } = await client.call(UPLOADS[kind], { body: fileForm(file), timeoutMs: UPLOAD_TIMEOUT_MS });
  return url;
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
