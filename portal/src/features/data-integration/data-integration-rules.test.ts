import type { Integration } from '@canopy/portal-contract';
import { describe, expect, it } from 'vitest';
import { readOauthReturn } from './rules/oauth-return.ts';
import {
  activeCount,
  cardBadgeStatus,
  cardStatus,
  categoryIcon,
  connectsByOauth,
  FALLBACK_SOURCES,
  iconKind,
  statusLabel,
  statusTone,
} from './rules/source-rules.ts';

const integration = (sourceId: string, status: Integration['status']): Integration => ({
  id: crypto.randomUUID(),
  sourceId,
  sourceName: sourceId,
  tenantId: null,
  tenantName: null,
  organisationName: null,
  status,
  fabricDatasetId: null,
  lastSync: null,
  createdAt: '2026-11-25T10:00:00.000Z',
});

describe('card status', () => {
  it('is available with no integration of the source', () => {
    expect(cardStatus('xero', [])).toBe('available');
    expect(cardStatus('xero', [integration('xpm', 'active')])).toBe('available');
  });
  it('is connected when an integration of the source is active, even beside one in error', () => {
    expect(cardStatus('xero', [integration('xero', 'active')])).toBe('connected');
    expect(cardStatus('xero', [integration('xero', 'error'), integration('xero', 'active')])).toBe(
      'connected',
    );
  });
  it('is error when one is in error and none is active', () => {
    expect(cardStatus('xero', [integration('xero', 'error')])).toBe('error');
    expect(
      cardStatus('xero', [integration('xero', 'inactive'), integration('xero', 'error')]),
    ).toBe('error');
  });
  it('is available when the only integrations are inactive', () => {
    expect(cardStatus('xero', [integration('xero', 'inactive')])).toBe('available');
  });
  it('shows "coming soon" for an available source that does not connect yet', () => {
    const [xero] = FALLBACK_SOURCES;
    const salesforce = { ...xero!, id: 'salesforce', status: 'coming-soon' as const };
    expect(cardBadgeStatus(salesforce, 'available')).toBe('coming-soon');
    expect(cardBadgeStatus(xero!, 'available')).toBe('available');
    expect(cardBadgeStatus(salesforce, 'connected')).toBe('connected');
  });
  it('counts the active connections', () => {
    expect(
      activeCount([
        integration('xero', 'active'),
        integration('xpm', 'error'),
        integration('xpm', 'active'),
      ]),
    ).toBe(2);
  });
});

describe('status colours: green, red, yellow, else neutral', () => {
  it.each([
    ['connected', 'success'],
    ['active', 'success'],
    ['error', 'danger'],
    ['inactive', 'warning'],
    ['available', 'neutral'],
    ['coming-soon', 'neutral'],
    ['paused', 'neutral'],
  ])('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
  it('labels known statuses and capitalises others', () => {
    expect(statusLabel('coming-soon')).toBe('Coming soon');
    expect(statusLabel('active')).toBe('Active');
    expect(statusLabel('paused')).toBe('Paused');
  });
});

describe('source icons', () => {
  it.each([
    ['XERO', 'X', 'xero'],
    ['XPM', 'XPM', 'xpm'],
    ['SF', 'SF', 'salesforce'],
    ['QB', 'QB', 'quickbooks'],
    ['xero', 'X', 'xero'],
  ])('%s is a letter badge', (icon, letters, brand) => {
    expect(iconKind(icon)).toEqual({ kind: 'letters', letters, brand });
  });
  it('renders a URL as an image', () => {
    expect(iconKind('https://cdn.example.com/logo.png')).toEqual({
      kind: 'image',
      src: 'https://cdn.example.com/logo.png',
    });
    expect(iconKind('/uploads/logo.svg')).toEqual({ kind: 'image', src: '/uploads/logo.svg' });
  });
  it('shows an emoji or other text as it is, and a plug when empty', () => {
    expect(iconKind('📊')).toEqual({ kind: 'text', text: '📊' });
    expect(iconKind('HS')).toEqual({ kind: 'text', text: 'HS' });
    expect(iconKind('  ')).toEqual({ kind: 'text', text: '🔌' });
  });
});

describe('category icons', () => {
  it.each([
    ['accounting', 'accounting'],
    ['crm', 'crm'],
    ['CRM', 'crm'],
    ['commerce', 'commerce'],
    ['analytics', 'analytics'],
    ['marketing', 'generic'],
    ['', 'generic'],
  ])('%s → %s', (category, icon) => {
    expect(categoryIcon(category)).toBe(icon);
  });
});

describe('fallback sources when the catalogue cannot be read', () => {
  it('are Xero and Xero Practice Manager, OAuth accounting sources with the server ids', () => {
    expect(FALLBACK_SOURCES.map((s) => [s.id, s.name, s.category, s.authType])).toEqual([
      ['xero', 'Xero', 'accounting', 'oauth2'],
      ['xpm', 'Xero Practice Manager', 'accounting', 'oauth2'],
    ]);
    expect(FALLBACK_SOURCES.every(connectsByOauth)).toBe(true);
  });
});

describe('the return from the provider', () => {
  const read = (query: string) => readOauthReturn(new URLSearchParams(query));
  it('says "<source> integration connected successfully"', () => {
    expect(read('success=connected&source=Xero')).toEqual({
      kind: 'connected',
      message: 'Xero integration connected successfully',
    });
    expect(read('success=connected&source=Xero%20Practice%20Manager')?.message).toBe(
      'Xero Practice Manager integration connected successfully',
    );
  });
  it('explains the callback errors, unknown ones generically', () => {
    expect(read('error=access_denied')).toEqual({
      kind: 'failed',
      message:
        'Connection failed: The connection was cancelled at the provider. Nothing was connected.',
    });
    expect(read('error=invalid_state')?.message).toContain('expired or was already used');
    expect(read('error=something_new')?.message).toBe(
      'Connection failed: The provider reported an error. Please try again.',
    );
  });
  it('ignores anything else', () => {
    expect(read('')).toBeNull();
    expect(read('success=connected')).toBeNull();
    expect(read('success=other&source=Xero')).toBeNull();
  });
});
