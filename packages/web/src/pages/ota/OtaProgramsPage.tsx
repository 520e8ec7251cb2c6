import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, InputNumber, Modal, Upload } from 'antd';
import { useState } from 'react';
import {
  OTA_PROGRAM,
  PERMISSION,
  allows,
  applyOta,
  otaApplication,
  otaProgram,
  translate,
  uploadOtaProgramFile,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/list/fieldColumns';
import { OTA_TEXT } from './otaText';

const COLUMNS = [
  'programName',
  'version',
  'count',
  'applyNumber',
  'remainingNumber',
  'burningTimes',
  'isEffective',
  'ownedCompanyName',
  'md5',
  'updateTime',
];

/** OTA programs (/otaProgram, index 870): the list, the firmware upload (once), and applying for burns (871). */
export default function OtaProgramsPage() {
  const { client, language, session } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [applying, setApplying] = useState<Row | null>(null);
  const [count, setCount] = useState<number | null>(1);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [otaProgram.path] });
    void queryClient.invalidateQueries({ queryKey: [otaApplication.path] });
  };
  const upload = useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return client.call(uploadOtaProgramFile, { params: { id }, body: form });
    },
    onSuccess: () => {
      message.success(translate(language, 'outcome.done'));
      refresh();
    },
  });
  const apply = useMutation({
    mutationFn: () => client.call(applyOta, { body: { programId: applying!.id, applyNumber: Number(count) } }),
    onSuccess: () => {
      message.success(translate(language, 'outcome.done'));
      setApplying(null);
      refresh();
    },
  });
  const mayApply = !!session && allows(session.username, session.auth, PERMISSION.otaApplications);
  return (
    <>
      <CrudPage
        entity={otaProgram}
        columns={COLUMNS}
        extraActions={(row) => (
          <>
            {row.sha256 ? null : (
              <Upload
                showUploadList={false}
                beforeUpload={(file) => {
                  upload.mutate({ id: row.id, file });
                  return false;
                }}
              >
                <Button size="small" type="link" data-testid={`ota-upload-${row.id}`} loading={upload.isPending}>
                  {OTA_TEXT.upload[language]}
                </Button>
              </Upload>
            )}
            {mayApply && row.sha256 && Number(row.isEffective) === OTA_PROGRAM.effective ? (
              <Button
                size="small"
                type="link"
                data-testid={`ota-apply-${row.id}`}
                onClick={() => {
                  setCount(1);
                  setApplying(row);
                }}
              >
                {OTA_TEXT.apply[language]}
              </Button>
            ) : null}
          </>
        )}
      />
      <Modal
        open={applying !== null}
        title={`${OTA_TEXT.applyTitle[language]} · ${String(applying?.programName ?? '')} ${String(applying?.version ?? '')}`}
        okText={OTA_TEXT.apply[language]}
        okButtonProps={{ disabled: !count }}
        confirmLoading={apply.isPending}
        onOk={() => apply.mutate()}
        onCancel={() => setApplying(null)}
        destroyOnHidden
      >
        <InputNumber
          aria-label={otaApplication.fields.applyNumber.label[language]}
          min={1}
          max={Number(applying?.remainingNumber ?? 1)}
          value={count}
          onChange={(v) => setCount(v)}
          data-testid="ota-apply-count"
          style={{ width: 200 }}
        />
      </Modal>
    </>
  );
}
