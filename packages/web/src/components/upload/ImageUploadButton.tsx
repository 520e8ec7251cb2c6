import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptOf, UPLOAD_LIMITS, uploadProblem } from '@liftcloud/client';
import { useClient } from '../../app/ConsoleContext';
import { reportError } from '../../app/reportError';

/** Pick a jpg or png of at most 2 MB and upload it as a UI setting image; hands the address it is served at on. */
export function ImageUploadButton(props: { onUploaded: (url: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const limit = UPLOAD_LIMITS.uiSettingImage;
  return (
    <Upload
      accept={acceptOf(limit)}
      showUploadList={false}
      disabled={props.disabled || busy}
      beforeUpload={(file) => {
        const problem = uploadProblem(file.name, file.size, limit);
        if (problem) message.error(t(problem === 'type' ? 'uiSetting.imageWrongType' : 'uiSetting.imageTooLarge'));
        return problem ? Upload.LIST_IGNORE : true;
      }}
      customRequest={({ file }) => {
        setBusy(true);
        client.files
          .upload('uiSettingImage', file as File)
          .then((kept) => props.onUploaded(kept.url), reportError)
          .finally(() => setBusy(false));
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy} disabled={props.disabled} data-testid="image-upload">
        {t('uiSetting.upload')}
      </Button>
    </Upload>
  );
}
