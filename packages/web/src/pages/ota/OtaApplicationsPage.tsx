import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  LIVE_FRAME_TYPE,
  OTA_DEFAULT_QUOTA_DAYS,
  PERMISSION,
  allows,
  approveOtaApplication,
  otaActions,
  otaApplication,
  otaProgram,
  rejectOtaApplication,
  translate,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { DATE_TIME_FORMAT } from '../../components/fieldOptions';
import { FieldInput } from '../../components/form/FieldInput';
import type { Row } from '../../components/list/fieldColumns';
import { useLiveFrames } from '../../live/liveFrames';
import { OTA_TEXT } from './otaText';

const COLUMNS = [
  'programName',
  'applyNumber',
  'companyName',
  'applicantName',
  'applicationTime',
  'approvalStatus',
  'approverName',
  'approverTime',
  'endTime',
  'usedNumber',
  'rejectReason',
];

/** OTA applications (/otaApply, index 871): approve or reject (index 872, the program's owner company). */
export default function OtaApplicationsPage() {
  const { client, language, session } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  // approving: the application and the quota's end time the approver names (default 30 days on)
  const [approving, setApproving] = useState<Row | null>(null);
  const [endTime, setEndTime] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [otaApplication.path] });
    void queryClient.invalidateQueries({ queryKey: [otaProgram.path] });
  };
  useLiveFrames((frame) => {
    if (frame.type === LIVE_FRAME_TYPE.ota) refresh();
  });
  const done = () => {
    message.success(translate(language, 'outcome.done'));
    setRejecting(null);
    setApproving(null);
    refresh();
  };
  const approve = useMutation({
    mutationFn: () =>
      client.call(approveOtaApplication, {
        params: { id: approving!.id },
        body: endTime ? { endTime } : {},
      }),
    onSuccess: done,
  });
  const reject = useMutation({
    mutationFn: () => client.call(rejectOtaApplication, { params: { id: rejecting!.id }, body: { reason } }),
    onSuccess: done,
  });
  const mayDecide = !!session && allows(session.username, session.auth, PERMISSION.otaApprove);
  return (
    <>
      <CrudPage
        entity={otaApplication}
        columns={COLUMNS}
        readOnly
        extraActions={(row) =>
          mayDecide && otaActions(Number(row.approvalStatus)).length ? (
            <>
              <Button
                size="small"
                type="link"
                data-testid={`ota-approve-${row.id}`}
                onClick={() => {
                  setEndTime(dayjs().add(OTA_DEFAULT_QUOTA_DAYS, 'day').format(DATE_TIME_FORMAT));
                  setApproving(row);
                }}
              >
                {OTA_TEXT.approve[language]}
              </Button>
              <Button
                size="small"
                type="link"
                danger
                data-testid={`ota-reject-${row.id}`}
                onClick={() => {
                  setReason('');
                  setRejecting(row);
                }}
              >
                {OTA_TEXT.reject[language]}
              </Button>
            </>
          ) : null
        }
      />
      <Modal
        open={approving !== null}
        title={`${OTA_TEXT.approveTitle[language]} · ${String(approving?.programName ?? '')} × ${String(approving?.applyNumber ?? '')}`}
        okText={OTA_TEXT.approve[language]}
        okButtonProps={{ disabled: !endTime }}
        confirmLoading={approve.isPending}
        onOk={() => approve.mutate()}
        onCancel={() => setApproving(null)}
        destroyOnHidden
      >
        <p>{otaApplication.fields.endTime.label[language]}</p>
        <div data-testid="ota-approve-end">
          <FieldInput
            field={otaApplication.fields.endTime}
            language={language}
            value={endTime}
            onChange={(v) => setEndTime((v as string | null) ?? null)}
          />
        </div>
        <p style={{ marginTop: 8, color: 'rgba(0,0,0,0.45)' }}>{OTA_TEXT.endHint[language]}</p>
      </Modal>
      <Modal
        open={rejecting !== null}
        title={OTA_TEXT.rejectTitle[language]}
        okText={OTA_TEXT.reject[language]}
        okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
        confirmLoading={reject.isPending}
        onOk={() => reject.mutate()}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={otaApplication.fields.rejectReason.label[language]}
          placeholder={otaApplication.fields.rejectReason.label[language]}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="ota-reject-reason"
        />
      </Modal>
    </>
  );
}
