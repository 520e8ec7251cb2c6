import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIMITS } from '@liftcloud/client';
import { useClient } from '../../app/ConsoleContext';
import { reportError } from '../../app/reportError';
import { imageProblem, uploadFile } from './uploadFile';

/** Pick a jpg or png of at most 2 MB and upload it as a UI setting image; hands the stored URL on. */
export function ImageUploadButton(props: { onUploaded: (url: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const limit = UPLOAD_LIMITS.uiSettingImage;
  return (
    <Upload
      accept={limit.types.map((type) => `.${type}`).join(',')}
      showUploadList={false}
      disabled={props.disabled || busy}
      beforeUpload={(file) => {
        const problem = imageProblem(file, limit);
        if (problem) message.error(t(problem === 'type' ? 'uiSetting.imageWrongType' : 'uiSetting.imageTooLarge'));
        return problem ? Upload.LIST_IGNORE : true;
      }}
      customRequest={({ file }) => {
        setBusy(true);
        uploadFile(client, 'uiSettingImage', file as File)
          .then(props.onUploaded, reportError)
          .finally(() => setBusy(false));
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy} disabled={props.disabled} data-testid="image-upload">
        {t('uiSetting.upload')}
      </Button>
    </Upload>
  );
}
