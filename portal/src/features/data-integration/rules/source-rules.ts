import type { DataSource, Integration } from '@canopy/portal-contract';
import type { Tone } from '../../../shared/ui/bits.tsx';

/** What a source card says about its source. */
export type CardStatus = 'connected' | 'error' | 'available';

/**
 * The integrations the source cards speak for. On a tenant's page: that tenant's. On the
 * all-tenants page: the picked tenant's, and none before a tenant is picked — a card saying
 * "Connected" there would describe some other tenant and block connecting the one you mean.
 */
export function integrationsForCards(
  list: readonly Integration[],
  scoped: boolean,
  picked: string,
): readonly Integration[] {
  if (scoped) return list;
  return picked ? list.filter((integration) => integration.tenantId === picked) : [];
}

/**
 * Connected when an integration of the source is active, error when one is in error, otherwise
 * available. `integrations` is already the scope of the page (one tenant's, or every one).
 */
export function cardStatus(sourceId: string, integrations: readonly Integration[]): CardStatus {
  const mine = integrations.filter((integration) => integration.sourceId === sourceId);
  if (mine.some((integration) => integration.status === 'active')) return 'connected';
  if (mine.some((integration) => integration.status === 'error')) return 'error';
  return 'available';
}

/** Badge colours: connected and active green, error red, inactive yellow, anything else neutral. */
export function statusTone(status: string): Tone {
  switch (status) {
    case 'connected':
    case 'active':
      return 'success';
    case 'error':
      return 'danger';
    case 'inactive':
      return 'warning';
    default:
      return 'neutral';
  }
}

const LABELS: Record<string, string> = {
  connected: 'Connected',
  active: 'Active',
  error: 'Error',
  inactive: 'Inactive',
  available: 'Available',
  'coming-soon': 'Coming soon',
};

/** "Connected", "Error", … and any other value with its first letter raised. */
export const statusLabel = (status: string) =>
  LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);

/** The status a card shows: its integration state, or "coming soon" for a source not yet connectable. */
export const cardBadgeStatus = (source: DataSource, status: CardStatus) =>
  status === 'available' && source.status === 'coming-soon' ? 'coming-soon' : status;

/** A source's icon value: XERO, XPM, SF, QB (letter badges), a URL (an image), or an emoji/text. */
export type IconKind =
  | { kind: 'letters'; letters: string; brand: string }
  | { kind: 'image'; src: string }
  | { kind: 'text'; text: string };

const LETTER_ICONS: Record<string, { letters: string; brand: string }> = {
  XERO: { letters: 'X', brand: 'xero' },
  XPM: { letters: 'XPM', brand: 'xpm' },
  SF: { letters: 'SF', brand: 'salesforce' },
  QB: { letters: 'QB', brand: 'quickbooks' },
};

export function iconKind(icon: string): IconKind {
  const value = icon.trim();
  const letters = LETTER_ICONS[value.toUpperCase()];
  if (letters) return { kind: 'letters', ...letters };
  if (/^(https?:\/\/|\/|data:image\/)/i.test(value)) return { kind: 'image', src: value };
  return { kind: 'text', text: value || '🔌' };
}

/** Category icons for accounting, crm, commerce and analytics; any other is generic. */
export type CategoryIcon = 'accounting' | 'crm' | 'commerce' | 'analytics' | 'generic';
export function categoryIcon(category: string): CategoryIcon {
  const value = category.trim().toLowerCase();
  return value === 'accounting' || value === 'crm' || value === 'commerce' || value === 'analytics'
    ? value
    : 'generic';
}

const CATEGORY_LABELS: Record<string, string> = {
  accounting: 'Accounting',
  crm: 'CRM',
  commerce: 'Commerce',
  analytics: 'Analytics',
};
export const categoryLabel = (category: string) =>
  CATEGORY_LABELS[category.trim().toLowerCase()] ??
  (category.trim() ? category.trim().charAt(0).toUpperCase() + category.trim().slice(1) : 'Other');

/** Only OAuth 2.0 sources connect today; the rest answer "coming soon". */
export const connectsByOauth = (source: Pick<DataSource, 'authType'>) =>
  source.authType === 'oauth2';

/**
 * When the catalogue cannot be read, the page lists two OAuth accounting sources, Xero
 * and Xero Practice Manager (the server's ids, so connecting them still works).
 */
export const FALLBACK_SOURCES: readonly DataSource[] = [
  {
    id: 'xero',
    name: 'Xero',
    description: 'Invoices, contacts and accounts from Xero accounting',
    icon: 'XERO',
    category: 'accounting',
    status: 'available',
    authType: 'oauth2',
    canSync: true,
  },
  {
    id: 'xpm',
    name: 'Xero Practice Manager',
    description: 'Clients, jobs and time from Xero Practice Manager',
    icon: 'XPM',
    category: 'accounting',
    status: 'available',
    authType: 'oauth2',
    canSync: false,
  },
];

/** How many integrations are live: the header's "Active Connections". */
export const activeCount = (integrations: readonly Integration[]) =>
  integrations.filter((integration) => integration.status === 'active').length;
