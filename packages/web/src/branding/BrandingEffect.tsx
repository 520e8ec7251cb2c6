import { useEffect } from 'react';
import { DEFAULT_SYSTEM_NAME, useBranding } from './useBranding';

/** Puts the host's system name in the tab title and its favicon in the tab. */
export function BrandingEffect() {
  const branding = useBranding();
  useEffect(() => {
    document.title = branding?.systemName || DEFAULT_SYSTEM_NAME;
    if (branding?.faviconIcon) setFavicon(branding.faviconIcon);
  }, [branding]);
  return null;
}

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}
