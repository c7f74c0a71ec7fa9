import type { Integration } from '@canopy/portal-contract';
import { describe, expect, it } from 'vitest';
import { cardStatus, integrationsForCards } from './rules/source-rules.ts';

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';

const xeroOf = (tenantId: string): Integration => ({
  id: `${tenantId.slice(0, 8)}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`,
  sourceId: 'xero',
  sourceName: 'Xero',
  tenantId,
  tenantName: tenantId === ACME ? 'Acme' : 'Globex',
  organisationName: null,
  status: 'active',
  fabricDatasetId: null,
  lastSync: null,
  createdAt: '2026-11-26T10:00:00.000Z',
});

describe('source cards on the all-tenants page', () => {
  const list = [xeroOf(GLOBEX)];

  it('show no tenant’s "Connected" before a tenant is picked', () => {
    expect(cardStatus('xero', integrationsForCards(list, false, ''))).toBe('available');
  });

  it('show the picked tenant’s state only', () => {
    expect(cardStatus('xero', integrationsForCards(list, false, GLOBEX))).toBe('connected');
    expect(cardStatus('xero', integrationsForCards(list, false, ACME))).toBe('available');
  });

  it('on a tenant’s own page, show that tenant’s integrations', () => {
    expect(cardStatus('xero', integrationsForCards(list, true, ''))).toBe('connected');
  });
});
