import { describe, expect, it } from 'vitest';
import { displayName, personInitials } from './display-name.ts';

describe('displayName', () => {
  it('is the name given on My account', () => {
    expect(displayName({ email: 'jd@acme.com', firstName: 'Jane', lastName: 'Doe' })).toBe(
      'Jane Doe',
    );
  });

  it('falls back to a name from the email when none is set', () => {
    expect(displayName({ email: 'jane.doe@acme.com', firstName: null, lastName: null })).toBe(
      'Jane Doe',
    );
    expect(displayName({ email: 'ops_lead@acme.com' })).toBe('Ops Lead');
  });

  it('treats blank names as unset, and keeps the email when nothing else names the person', () => {
    expect(displayName({ email: 'ann@acme.com', firstName: '  ', lastName: '' })).toBe('Ann');
    expect(displayName({ email: '._@acme.com' })).toBe('._@acme.com');
  });
});

describe('personInitials', () => {
  it('takes the first letters of the first and last name', () => {
    expect(personInitials({ email: 'x@acme.com', firstName: 'ada', lastName: 'Lovelace' })).toBe(
      'AL',
    );
    expect(personInitials({ email: 'x@acme.com', firstName: 'Émile', lastName: 'Zola' })).toBe(
      'ÉZ',
    );
  });

  it('without a name, the first two letters of the email', () => {
    expect(personInitials({ email: 'jane.doe@acme.com', firstName: null })).toBe('JA');
  });
});
