import { Flex, Image, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageUploadButton } from '../../components/upload/ImageUploadButton';

/**
 * An image: uploaded (jpg or png, at most 2 MB) or given by address, with its preview.
 * Form.Item passes value and onChange.
 */
export function ImageUrlInput(props: { value?: string | null; onChange?: (value: string) => void; id?: string }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      <Flex gap={8}>
        <Input
          id={props.id}
          value={props.value ?? ''}
          onChange={(e) => props.onChange?.(e.target.value)}
          placeholder="https://…"
        />
        <ImageUploadButton onUploaded={(url) => props.onChange?.(url)} />
      </Flex>
      <Flex align="center" gap={8}>
        {props.value ? <Image src={props.value} height={40} alt={t('uiSetting.preview')} /> : null}
        <Typography.Text type="secondary">{t('uiSetting.imageHint')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
