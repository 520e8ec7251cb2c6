import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Input, Select, Space } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  acceptMaintenanceOrder,
  completeMaintenanceOrder,
  confirmMaintenanceOrder,
  enumLabel,
  evaluation,
  getMaintenanceOrderDetail,
  invalidateMaintenanceOrder,
  maintenanceActionLabel,
  maintenanceOrder,
  maintenanceOrderStatus,
  recordMaintenanceItem,
  sendMaintenanceOrder,
  signInMaintenanceOrder,
  translate,
  type MaintenanceOrderItem,
  type RecordItemBody,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { OrderSummary } from '../../components/records/OrderSummary';
import { StepTimeline } from '../../components/records/StepTimeline';
import { EvidenceImage } from './Evidence';
import { ItemCard } from './ItemCard';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';

const SHOWN = [
  'orderNo',
  'elevatorName',
  'maintenanceTypeName',
  'companyName',
  'contractNo',
  'worker1Name',
  'worker2Name',
  'planDate',
  'maintenanceDate',
  'timing',
  'duration',
  'completion',
  'evaluation',
  'advice',
  'invalidReason',
] as const;

/** The phone's position, or an error the page shows. */
const position = () =>
  new Promise<GeolocationPosition>((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: true, timeout: 20_000 }),
  );

/**
 * A maintenance order (/maintWorkOrder/{id}): its fields, timeline and the moves allowed now. On a phone at the
 * lift it is the field page: sign in with the position, each item's condition with a photo or text, the worker's
 * signature and completion; then the use unit's evaluation and signature confirm it.
 */
export function MaintOrderView(props: { id: number }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [completion, setCompletion] = useState('');
  const [grade, setGrade] = useState<number | undefined>();
  const [advice, setAdvice] = useState('');
  const workerPad = useRef<SignaturePadHandle>(null);
  const unitPad = useRef<SignaturePadHandle>(null);
  // the items with something entered and not saved (ItemCard): completing would drop it
  const [unsaved, setUnsaved] = useState<ReadonlySet<number>>(new Set());
  const onUnsaved = useCallback(
    (index: number, is: boolean) =>
      setUnsaved((was) => {
        if (was.has(index) === is) return was;
        const next = new Set(was);
        if (is) next.add(index);
        else next.delete(index);
        return next;
      }),
    [],
  );
  const key = ['maintenanceOrder', 'detail', props.id];
  const detail = useQuery({
    queryKey: key,
    queryFn: () => client.call(getMaintenanceOrderDetail, { params: { id: props.id } }),
  });
  const params = { id: props.id };
  const upload = async (file: Blob, name: string) =>
    (await client.attachments.upload('maintenanceOrder', props.id, file, { fileName: name })).id;
  const signature = async (pad: SignaturePadHandle | null, name: string) => {
    const blob = await pad?.toBlob();
    if (!blob) throw new Error(t('maint.signHere'));
    return upload(blob, name);
  };

  const act = useMutation({
    mutationFn: async (run: () => Promise<unknown>) => run(),
    onMutate: () => setError(null),
    onSuccess: () => {
      message.success(translate(language, 'outcome.done'));
      void queryClient.invalidateQueries({ queryKey: ['maintenanceOrder'] });
    },
    onError: (e) => {
      setError(e instanceof Error ? e.message : String(e));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  const data = detail.data;
  const order = (data?.order ?? {}) as Record<string, unknown>;
  const items = (order.items ?? []) as MaintenanceOrderItem[];
  const allowed = new Set(data?.allowedActions ?? []);
  const recording = allowed.has('record');

  const saveItem = (index: number) => (body: RecordItemBody, photo: File | null, recording: File | null) =>
    act.mutate(async () => {
      const photos = photo ? [...(body.photoFileIds ?? []), await upload(photo, photo.name)] : body.photoFileIds;
      const recordings = recording
        ? [...(body.recordingFileIds ?? []), await upload(recording, recording.name)]
        : body.recordingFileIds;
      await client.call(recordMaintenanceItem, {
        params: { id: props.id, index },
        body: {
          ...body,
          ...(photos ? { photoFileIds: photos } : {}),
          ...(recordings ? { recordingFileIds: recordings } : {}),
        },
      });
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="maint-order">
      <OrderSummary
        entity={maintenanceOrder}
        number={order.orderNo}
        record={order}
        fields={SHOWN}
        state={enumLabel(maintenanceOrderStatus, order.status as number | null, language)}
        stateTestId="maint-status"
        language={language}
        loading={detail.isLoading}
      >
        {error ? <Alert style={{ marginTop: 12 }} type="error" title={error} data-testid="maint-error" /> : null}
        <Space style={{ marginTop: 16 }} wrap data-testid="maint-actions">
          {allowed.has('send') ? (
            <Button
              type="primary"
              data-testid="action-send"
              onClick={() => act.mutate(() => client.call(sendMaintenanceOrder, { params }))}
            >
              {t('maint.send')}
            </Button>
          ) : null}
          {allowed.has('accept') ? (
            <Button
              type="primary"
              data-testid="action-accept"
              onClick={() => act.mutate(() => client.call(acceptMaintenanceOrder, { params }))}
            >
              {t('maint.accept')}
            </Button>
          ) : null}
          {allowed.has('signIn') ? (
            <Button
              type="primary"
              data-testid="action-signIn"
              loading={act.isPending}
              onClick={() =>
                act.mutate(async () => {
                  const at = await position().catch(() => {
                    throw new Error(t('maint.noPosition'));
                  });
                  await client.call(signInMaintenanceOrder, {
                    params,
                    body: { latitude: at.coords.latitude, longitude: at.coords.longitude },
                  });
                })
              }
            >
              {t('maint.signIn')}
            </Button>
          ) : null}
        </Space>
      </OrderSummary>

      {items.length ? (
        <Card title={t('maint.items')} size="small">
          <Space orientation="vertical" style={{ width: '100%' }}>
            {items.map((item, i) => (
              <ItemCard
                key={`${i}:${item.condition}:${item.photoFileIds?.length ?? 0}:${item.recordingFileIds?.length ?? 0}`}
                index={i}
                item={item}
                editable={recording}
                saving={act.isPending}
                onSave={saveItem(i)}
                onUnsaved={onUnsaved}
              />
            ))}
          </Space>
        </Card>
      ) : null}

      {order.workerSignatureFileId || order.useUnitSignatureFileId ? (
        <Card title={t('maint.signatures')} size="small" data-testid="maint-signatures">
          <Flex gap={24} wrap>
            {(
              [
                ['workerSignatureFileId', 'maint.workerSignature', 'signature-worker-shown'],
                ['useUnitSignatureFileId', 'maint.useUnitSignature', 'signature-use-unit-shown'],
              ] as const
            ).map(([field, label, testId]) =>
              order[field] ? (
                <EvidenceImage
                  key={field}
                  fileId={Number(order[field])}
                  alt={t(label)}
                  caption={t(label)}
                  testId={testId}
                  width={200}
                />
              ) : null,
            )}
          </Flex>
        </Card>
      ) : null}

      {allowed.has('complete') ? (
        <Card title={t('maint.complete')} size="small" data-testid="complete-card">
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Input.TextArea
              placeholder={t('maint.completion')}
              value={completion}
              maxLength={1000}
              onChange={(e) => setCompletion(e.target.value)}
            />
            <div>{t('maint.workerSignature')}</div>
            <SignaturePad ref={workerPad} testId="signature-worker" />
            <Button
              type="primary"
              data-testid="action-complete"
              loading={act.isPending}
              onClick={() =>
                act.mutate(async () => {
                  // a photo picked but not saved would be lost without a word: the worker saves it first
                  if (unsaved.size)
                    throw new Error(
                      t('maint.unsavedItems', {
                        items: [...unsaved]
                          .sort((a, b) => a - b)
                          .map((i) => i + 1)
                          .join(', '),
                      }),
                    );
                  return client.call(completeMaintenanceOrder, {
                    params,
                    body: {
                      workerSignatureFileId: await signature(workerPad.current, 'worker-signature.png'),
                      ...(completion.trim() ? { completion: completion.trim() } : {}),
                    },
                  });
                })
              }
            >
              {t('maint.complete')}
            </Button>
          </Space>
        </Card>
      ) : null}

      {allowed.has('confirm') ? (
        <Card title={t('maint.confirm')} size="small" data-testid="confirm-card">
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Select
              style={{ width: '100%' }}
              placeholder={t('maint.evaluation')}
              value={grade}
              onChange={(v: number) => setGrade(v)}
              options={evaluation.options.map((o) => ({ value: o.code, label: o.label[language] }))}
              data-testid="evaluation"
            />
            <Input.TextArea
              placeholder={t('maint.advice')}
              value={advice}
              onChange={(e) => setAdvice(e.target.value)}
            />
            <div>{t('maint.useUnitSignature')}</div>
            <SignaturePad ref={unitPad} testId="signature-use-unit" />
            <Button
              type="primary"
              disabled={!grade}
              data-testid="action-confirm"
              loading={act.isPending}
              onClick={() =>
                act.mutate(async () =>
                  client.call(confirmMaintenanceOrder, {
                    params,
                    body: {
                      evaluation: grade!,
                      useUnitSignatureFileId: await signature(unitPad.current, 'use-unit-signature.png'),
                      ...(advice.trim() ? { advice: advice.trim() } : {}),
                    },
                  }),
                )
              }
            >
              {t('maint.confirm')}
            </Button>
          </Space>
        </Card>
      ) : null}

      {allowed.has('invalidate') ? (
        <Card title={t('maint.invalidate')} size="small">
          <Space.Compact style={{ width: '100%' }}>
            <Input placeholder={t('maint.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
            <Button
              danger
              disabled={!reason.trim()}
              data-testid="action-invalidate"
              onClick={() =>
                act.mutate(() => client.call(invalidateMaintenanceOrder, { params, body: { invalidReason: reason } }))
              }
            >
              {t('maint.invalidate')}
            </Button>
          </Space.Compact>
        </Card>
      ) : null}

      <StepTimeline
        title={t('maint.timeline')}
        testId="maint-timeline"
        steps={(data?.timeline ?? []).map((step) => ({
          state: enumLabel(maintenanceOrderStatus, step.toStatus, language),
          action: maintenanceActionLabel(step.action, language),
          userName: step.userName,
          time: step.time,
          note: step.note,
        }))}
      />
    </Space>
  );
}
