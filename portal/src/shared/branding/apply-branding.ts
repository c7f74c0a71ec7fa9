import { useEffect } from 'react';
import { readableSurface, textOnColor } from '../rules/brightness.ts';

/** Kept apart from use-branding.ts: the sign-in pages use it without loading the API schemas. */

export const DEFAULT_PRIMARY = '#2563eb';
/** The primary colour of a super admin outside any tenant, who has no tenant branding to take. */
export const SUPER_ADMIN_PRIMARY = '#0284c7';

export interface Branding {
  primaryColor: string;
  theme: 'dark' | 'light';
  logoUrl: string | null;
}

/** Puts the theme and the primary colour (with its readable text colour) on <html>. */
export function useApplyBranding({
  primaryColor,
  theme,
}: Pick<Branding, 'primaryColor' | 'theme'>) {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.style.setProperty('--primary', primaryColor);
    root.style.setProperty('--on-primary', textOnColor(primaryColor));
    root.style.setProperty('--primary-surface', readableSurface(primaryColor));
  }, [primaryColor, theme]);
}
