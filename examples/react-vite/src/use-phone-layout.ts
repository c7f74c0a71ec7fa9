import { models } from '@canopy/embed-core';
import { useSyncExternalStore } from 'react';

/**
 * The report layout for this screen: the page's phone layout on a phone held upright, the phone
 * landscape view on a phone on its side, the desktop page otherwise. It follows resizes and
 * rotation; the wrapper applies a rotation live and re-embeds when the screen crosses from phone
 * to desktop size (the service cannot switch between the two in place).
 */
const PORTRAIT = '(max-width: 640px)';
const LANDSCAPE = '(orientation: landscape) and (max-height: 500px)';

function layout(): models.LayoutType {
  if (window.matchMedia(PORTRAIT).matches) return models.LayoutType.MobilePortrait;
  if (window.matchMedia(LANDSCAPE).matches) return models.LayoutType.MobileLandscape;
  return models.LayoutType.Master;
}

function subscribe(onChange: () => void): () => void {
  const lists = [PORTRAIT, LANDSCAPE].map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

export function usePhoneLayout(): models.LayoutType {
  return useSyncExternalStore(subscribe, layout, () => models.LayoutType.Master);
}
