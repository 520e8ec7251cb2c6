import { PERMISSION } from '../permissions.js';
import { UI_SETTING_MAX_BANNERS } from '../constants.js';
import { defineEntity } from '../schema/entity.js';
import { L, readOnly, ref, required, text } from '../schema/fields.js';

/**
 * Branding per host name: readable without login so the login page can brand itself. Images are uploaded
 * separately (jpg or png, at most 2 MB) and referenced here by URL.
 */
export const uiSetting = defineEntity({
  name: 'uiSetting',
  label: L('界面设置', 'UI setting', 'Impostazioni interfaccia'),
  path: 'uiSettings',
  permission: PERMISSION.superAdmin,
  fields: {
    host: required(text(L('域名', 'Host name', 'Nome host'), { max: 253 })),
    systemName: required(text(L('系统名称', 'System name', 'Nome sistema'), { max: 100 })),
    faviconIcon: text(L('小图标', 'Favicon', 'Favicon'), { max: 300 }),
    logoLarge: text(L('大图标', 'Large logo', 'Logo grande'), { max: 300 }),
    logoSmall: text(L('小图标', 'Small logo', 'Logo piccolo'), { max: 300 }),
    appQrCode: text(L('APP二维码', 'App QR code', 'QR code app'), { max: 300 }),
    miniProgramQrCode: text(L('小程序二维码', 'Mini-program QR code', 'QR code mini-programma'), { max: 300 }),
    homeBanner: text(L('首页横幅', 'Home banner', 'Banner home'), { max: 300 }),
    appBanners: text(L('APP横幅', 'App banners', 'Banner app'), { max: 2000 }),
    companyId: ref(L('所属企业', 'Company', 'Azienda'), 'company'),
    tenantId: readOnly(ref(L('租户', 'Tenant', 'Tenant'), 'tenant')),
  },
  filters: { host: 'like', systemName: 'like' },
  unique: ['host'],
  refine(input) {
    // App banners are a comma-separated list of image URLs, limited in count: delete one before adding more.
    const banners = (input.appBanners ?? '').split(',').filter((b) => b.trim());
    return banners.length > UI_SETTING_MAX_BANNERS
      ? [{ field: 'appBanners', rule: 'validation.maxItems', params: { limit: UI_SETTING_MAX_BANNERS } }]
      : [];
  },
});
