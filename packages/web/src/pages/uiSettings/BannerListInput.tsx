import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_SETTING_MAX_BANNERS } from '@liftcloud/client';
import { ImageUploadButton } from '../../components/upload/ImageUploadButton';
import { canAddBanner, joinBanners, parseBanners } from './bannerList';

/** The app banners: at most five; delete one before adding another. */
export function BannerListInput(props: { value?: string | null; onChange?: (value: string) => void }) {
  const { t } = useTranslation();
  const banners = parseBanners(props.value);
  const [draft, setDraft] = useState('');
  const add = () => {
    if (!draft.trim() || !canAddBanner(banners)) return;
    props.onChange?.(joinBanners([...banners, draft.trim()]));
    setDraft('');
  };
  return (
    <Flex vertical gap={8}>
      <List
        size="small"
        bordered
        dataSource={banners}
        locale={{ emptyText: t('common.empty') }}
        renderItem={(url, i) => (
          <List.Item
            actions={[
              <Button
                key="delete"
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() => props.onChange?.(joinBanners(banners.filter((_, j) => j !== i)))}
              />,
            ]}
          >
            <Flex align="center" gap={8}>
              <Image src={url} height={32} alt="" />
              <Typography.Text ellipsis style={{ maxWidth: 360 }}>
                {url}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
      <Flex gap={8}>
        <Input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            add();
          }}
          disabled={!canAddBanner(banners)}
          placeholder="https://…"
        />
        <Button icon={<PlusOutlined />} onClick={add} disabled={!canAddBanner(banners)}>
          {t('common.create')}
        </Button>
        <ImageUploadButton
          disabled={!canAddBanner(banners)}
          onUploaded={(url) => props.onChange?.(joinBanners([...banners, url]))}
        />
      </Flex>
      <Typography.Text type="secondary">
        {t('uiSetting.imageHint')} · {banners.length}/{UI_SETTING_MAX_BANNERS}
      </Typography.Text>
    </Flex>
  );
}
