import { models } from '@canopy/embed-core';
import { useSyncExternalStore } from 'react';

/**
 * Which report layout this screen asks the analytics service for: a phone held upright (at most
 * 640 px wide, the portal's phone breakpoint) gets the page's phone layout, a phone on its side
 * (landscape, at most 500 px tall) the phone landscape view, anything larger the desktop page.
 * Re-read on every resize and rotation, so the embed follows the phone.
 */
export const PHONE_PORTRAIT_QUERY = '(max-width: 640px)';
export const PHONE_LANDSCAPE_QUERY = '(orientation: landscape) and (max-height: 500px)';

function currentLayout(): models.LayoutType {
  if (typeof window === 'undefined' || !window.matchMedia) return models.LayoutType.Master;
  if (window.matchMedia(PHONE_PORTRAIT_QUERY).matches) return models.LayoutType.MobilePortrait;
  if (window.matchMedia(PHONE_LANDSCAPE_QUERY).matches) return models.LayoutType.MobileLandscape;
  return models.LayoutType.Master;
}

function subscribe(onChange: () => void): () => void {
  const queries = [PHONE_PORTRAIT_QUERY, PHONE_LANDSCAPE_QUERY].map((query) =>
    window.matchMedia(query),
  );
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

export function usePhoneLayout(): models.LayoutType {
  return useSyncExternalStore(subscribe, currentLayout, () => models.LayoutType.Master);
}
