import { describe, expect, it } from 'vitest';
import {
  actionChoices,
  actionGroups,
  actionLabel,
  auditFilters,
  eventsHeading,
  exportFileName,
  isFiltered,
  positionQuery,
  rangeError,
  readAuditView,
  relativeTime,
  writeAuditView,
} from './audit-log.ts';

describe('actionLabel', () => {
  it('names the known actions', () => {
    expect(actionLabel('tenant.create')).toBe('Tenant created');
    expect(actionLabel('auth.login_failed')).toBe('Sign-in failed');
    expect(actionLabel('report.sync')).toBe('Reports synced');
    expect(actionLabel('group.member_add')).toBe('Added to a group');
    expect(actionLabel('subscription.send_now')).toBe('Report subscription sent now');
  });
  it('still reads an action it does not know as words', () => {
    expect(actionLabel('group.member_move')).toBe('Group: member move');
    expect(actionLabel('subscription.archive')).toBe('Subscription: archive');
    expect(actionLabel('odd')).toBe('Odd');
  });
});

it('groups actions by family, each group led by its whole family', () => {
  expect(actionGroups(['auth.login', 'auth.logout', 'user.create'])).toEqual([
    { family: 'auth', all: 'auth.', actions: ['auth.login', 'auth.logout'] },
    { family: 'user', all: 'user.', actions: ['user.create'] },
  ]);
});

it('offers the recorded actions, plus one a link names that is not recorded yet', () => {
  const recorded = ['user.create', 'auth.login', 'user.create'];
  expect(actionChoices(recorded, '')).toEqual(['auth.login', 'user.create']);
  expect(actionChoices(recorded, 'tenant.delete')).toEqual([
    'auth.login',
    'tenant.delete',
    'user.create',
  ]);
  // A whole family is offered by its group, not as an action of its own.
  expect(actionChoices(recorded, 'tenant.')).toEqual(['auth.login', 'user.create']);
});

it('counts a view as filtered when any filter narrows it (a blank person does not)', () => {
  const none = { tenantId: '', person: '  ', action: '', from: '', to: '', position: null };
  expect(isFiltered(none)).toBe(false);
  expect(isFiltered({ ...none, person: 'ann' })).toBe(true);
  expect(isFiltered({ ...none, action: 'auth.' })).toBe(true);
  expect(isFiltered({ ...none, to: '2026-11-26' })).toBe(true);
});

describe('the view in the URL', () => {
  it('reads what it wrote, leaving defaults out', () => {
    const view = {
      tenantId: 't1',
      person: 'ann',
      action: 'user.',
      from: '2026-11-01',
      to: '2026-11-26',
      position: { older: '123' },
    };
    const params = writeAuditView(new URLSearchParams('keep=1'), view);
    expect(params.toString()).toBe(
      'keep=1&tenant=t1&person=ann&action=user.&from=2026-11-01&to=2026-11-26&older=123',
    );
    expect(readAuditView(params)).toEqual(view);
    const oldest = writeAuditView(params, { ...view, position: { oldest: true } });
    expect(oldest.get('oldest')).toBe('true');
    expect(oldest.has('older')).toBe(false);
    expect(readAuditView(oldest).position).toEqual({ oldest: true });
    const newer = writeAuditView(params, { ...view, position: { newer: '7' } });
    expect(readAuditView(newer).position).toEqual({ newer: '7' });
    const cleared = writeAuditView(params, { ...view, person: '', position: null });
    expect(cleared.has('person')).toBe(false);
    expect(cleared.has('older')).toBe(false);
  });
  it('ignores malformed dates and cursors from a hand-edited link', () => {
    expect(
      readAuditView(new URLSearchParams('from=yesterday&to=2026-1-2&older=-4&newer=x')),
    ).toMatchObject({ from: '', to: '', position: null });
  });
  it('sends the position as the cursor the server expects', () => {
    expect(positionQuery(null)).toEqual({});
    expect(positionQuery({ older: '9' })).toEqual({ older: '9' });
    expect(positionQuery({ newer: '9' })).toEqual({ newer: '9' });
    expect(positionQuery({ oldest: true })).toEqual({ oldest: 'true' });
  });
  it('says "more than 10,000" once the server stops counting', () => {
    expect(eventsHeading({ total: 1234, totalCapped: false })).toBe('Events (1,234)');
    expect(eventsHeading({ total: 10_000, totalCapped: true })).toBe('Events (more than 10,000)');
    expect(eventsHeading(undefined)).toBe('Events');
  });
});

describe('auditFilters', () => {
  it('sends whole local days and a trimmed person, leaving blanks out', () => {
    const filters = auditFilters({
      tenantId: '',
      person: '  ann ',
      action: '',
      from: '2026-11-01',
      to: '2026-11-26',
      position: null,
    });
    expect(filters).toEqual({
      person: 'ann',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 27, 0, 0, 0, -1).toISOString(),
    });
  });
  it('says when the range ends before it starts', () => {
    expect(rangeError({ from: '2026-11-02', to: '2026-11-01' })).toBe(
      'The start date is after the end date',
    );
    expect(rangeError({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(rangeError({ from: '2026-11-01', to: '' })).toBeNull();
  });
});

describe('exportFileName', () => {
  it("takes the server's dated name", () => {
    expect(exportFileName('attachment; filename="canopy-audit-2026-11-26.csv"')).toBe(
      'canopy-audit-2026-11-26.csv',
    );
  });
  it('falls back to the same dated name, and never takes a path', () => {
    const now = new Date('2026-11-26T23:00:00Z');
    expect(exportFileName(null, now)).toBe('canopy-audit-2026-11-26.csv');
    expect(exportFileName('attachment; filename="../../x.csv"', now)).toBe(
      'canopy-audit-2026-11-26.csv',
    );
  });
});

it('says how long ago an event was', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  expect(relativeTime('2026-11-26T11:55:00Z', now)).toBe('5 minutes ago');
  expect(relativeTime('2026-11-25T12:00:00Z', now)).toBe('yesterday');
  expect(relativeTime('2026-11-26T12:00:00Z', now)).toBe('now');
});
