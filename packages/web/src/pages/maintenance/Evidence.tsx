import { useQuery } from '@tanstack/react-query';
import { Flex, Image, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';

/**
 * A kept file's bytes through the authenticated download (the session's token goes in the header, so a plain
 * <img src="/api/files/…"> would be refused), held as an object URL while shown. A file the reader may not see
 * (403, or 404 as the server answers for someone else's file) yields `hidden`: the page shows nothing for it.
 */
function useFileUrl(fileId: number) {
  const { client } = useConsole();
  const file = useQuery({
    queryKey: ['file', fileId],
    queryFn: ({ signal }) => client.files.download(fileId, { signal }),
    staleTime: Infinity,
    meta: { silent: true },
  });
  const [url, setUrl] = useState<string | null>(null);
  const blob = file.data?.blob;
  useEffect(() => {
    if (!blob) return;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  const hidden = file.error instanceof ApiError && (file.error.status === 403 || file.error.status === 404);
  return { url: blob ? url : null, fileName: file.data?.fileName ?? null, failed: !!file.error, hidden, file };
}

/** Shown when a file could not be fetched for another reason (the line dropped): say so rather than hide it. */
function Unavailable(props: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid={props.testId} data-state="failed">
      {t('maint.evidenceUnavailable')}
    </Typography.Text>
  );
}

/** A photo or drawn signature as a thumbnail that opens full size (antd Image preview), under its caption if any. */
export function EvidenceImage(props: {
  fileId: number;
  alt: string;
  testId: string;
  width?: number;
  caption?: string;
}) {
  const { url, failed, hidden } = useFileUrl(props.fileId);
  if (hidden) return null;
  const shown = failed ? <Unavailable testId={props.testId} /> : thumbnail(url, props);
  return props.caption ? (
    <Flex vertical gap={4}>
      <span>{props.caption}</span>
      {shown}
    </Flex>
  ) : (
    shown
  );
}

function thumbnail(url: string | null, props: { fileId: number; alt: string; testId: string; width?: number }) {
  const width = props.width ?? 96;
  return (
    <span
      data-testid={props.testId}
      data-file-id={props.fileId}
      data-state={url ? 'shown' : 'loading'}
      style={{
        display: 'inline-block',
        minWidth: width,
        minHeight: width / 2,
        background: url ? undefined : '#fafafa',
      }}
    >
      {url ? (
        <Image
          src={url}
          alt={props.alt}
          width={width}
          style={{ objectFit: 'contain', background: '#fff', border: '1px solid #f0f0f0' }}
        />
      ) : null}
    </span>
  );
}

/** A recording (mp4 or m4a): played in the page, with its download beside it. */
export function EvidenceRecording(props: { fileId: number; testId: string }) {
  const { t } = useTranslation();
  const { url, fileName, failed, hidden } = useFileUrl(props.fileId);
  if (hidden) return null;
  if (failed) return <Unavailable testId={props.testId} />;
  if (!url) return null;
  return (
    <Flex align="center" gap={8} wrap data-testid={props.testId}>
      <audio controls preload="metadata" src={url} style={{ maxWidth: '100%' }} />
      <a href={url} download={fileName ?? `recording-${props.fileId}.mp4`}>
        {t('files.download')}
      </a>
    </Flex>
  );
}
