import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../shared/forms/check-form.ts';
import { AddUserForm, invitationText, parseEmailList, tooManyEmails } from './invitations.ts';

/** The email field's message for a text typed into Add New User. */
const emailError = (email: string) => {
  const checked = checkForm(AddUserForm, { email, role: 'Viewer' });
  return checked.ok ? undefined : checked.errors.email;
};

describe('parseEmailList', () => {
  it('keeps a single address as it is (the single-invitation form)', () => {
    expect(parseEmailList('  ann@acme.test ')).toEqual(['ann@acme.test']);
  });

  it('splits on new lines, commas and semicolons, dropping blanks', () => {
    expect(parseEmailList('a@x.test\r\nb@x.test, c@x.test;d@x.test;;\n\n , e@x.test')).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
      'd@x.test',
      'e@x.test',
    ]);
  });

  it('leaves checking each address to the server (an invalid one stays in the list)', () => {
    expect(parseEmailList('ok@x.test, not an email')).toEqual(['ok@x.test', 'not an email']);
    expect(parseEmailList(' \n ;, ')).toEqual([]);
  });

  it('knows the limit of one bulk invitation', () => {
    expect(tooManyEmails(Array.from({ length: 50 }, (_, i) => `${i}@x.test`))).toBe(false);
    expect(tooManyEmails(Array.from({ length: 51 }, (_, i) => `${i}@x.test`))).toBe(true);
  });
});

describe('invitationText', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('names the day a pending invitation expires', () => {
    expect(invitationText('2026-12-03T12:00:00Z', now)).toBe('Invitation expires 3 Dec 2026');
  });

  it('says an invitation whose time is up has expired', () => {
    expect(invitationText('2026-11-26T12:00:00Z', now)).toBe('Invitation expired');
    expect(invitationText('2026-11-20T08:00:00Z', now)).toBe('Invitation expired');
  });

  it('says nothing without a readable date', () => {
    expect(invitationText(null, now)).toBeNull();
    expect(invitationText('soon', now)).toBeNull();
  });
});

describe('the Add New User email field', () => {
  it('requires an address', () => {
    expect(emailError('   ')).toBe('Email is required');
  });

  it('refuses what does not look like an address, including only separators', () => {
    expect(emailError('ann@')).toBe('Please enter a valid email address');
    expect(emailError(',;')).toBe('Please enter a valid email address');
  });

  it('accepts one address, spaces around it aside', () => {
    expect(emailError('  ann@acme.test ')).toBeUndefined();
  });
});
