import { uiSetting } from '@liftcloud/client';
import { CrudPage } from '../../components/crud/CrudPage';
import { BannerListInput } from './BannerListInput';
import { ImageUrlInput } from './ImageUrlInput';

const IMAGE_FIELDS = ['faviconIcon', 'logoLarge', 'logoSmall', 'appQrCode', 'miniProgramQrCode', 'homeBanner'];

/** Branding per host name (super admin): system name, icons, logos, QR codes and banners. */
export default function UiSettingsPage() {
  return (
    <CrudPage
      entity={uiSetting}
      columns={['host', 'systemName', 'createTime']}
      formInputs={{
        ...Object.fromEntries(IMAGE_FIELDS.map((key) => [key, <ImageUrlInput key={key} />])),
        appBanners: <BannerListInput />,
      }}
    />
  );
}
