import { UI_SETTING_MAX_BANNERS } from '@liftcloud/client';

/** App banners travel as one text of comma-separated addresses. */
export const parseBanners = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const joinBanners = (banners: readonly string[]): string => banners.join(',');

/** Limited count: a banner must be deleted before another is added. */
export const canAddBanner = (banners: readonly string[]): boolean => banners.length < UI_SETTING_MAX_BANNERS;
