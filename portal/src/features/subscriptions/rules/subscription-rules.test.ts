import type { Subscription } from '@canopy/portal-contract';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../shared/forms/check-form.ts';
import {
  createRequest,
  DEFAULT_FORM,
  formFromSubscription,
  matchesSearch,
  ScheduleFormSchema,
  scheduleText,
  statusBadge,
  blockedReason,
  updateRequest,
  zonedDateTime,
} from './subscription-rules.ts';

/** The Time field's message for a time typed into the dialog. */
const timeError = (timeOfDay: string) => {
  const checked = checkForm(ScheduleFormSchema, { ...DEFAULT_FORM, timeOfDay });
  return checked.ok ? undefined : checked.errors.timeOfDay;
};

const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: '00000000-0000-4000-8000-000000000001',
  tenantId: '00000000-0000-4000-8000-000000000002',
  reportId: 'r1',
  reportName: 'Sales Overview',
  recipient: {
    id: '00000000-0000-4000-8000-000000000003',
    email: 'ann@example.com',
    firstName: null,
    lastName: null,
  },
  createdBy: null,
  format: 'PDF',
  frequency: 'weekly',
  weekday: 1,
  monthDay: null,
  timeOfDay: '08:00',
  pageName: null,
  timeZone: 'Europe/London',
  paused: false,
  pauseReason: null,
  status: 'active',
  nextRunAt: '2026-11-30T08:00:00.000Z',
  lastSentAt: null,
  lastError: null,
  failures: 0,
  createdAt: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

describe('subscription rules', () => {
  it('says the schedule in words, with the tenant time zone', () => {
    expect(scheduleText(subscription())).toBe('Weekly on Monday at 08:00 Europe/London');
    expect(scheduleText(subscription({ frequency: 'daily', weekday: null }))).toBe(
      'Daily at 08:00 Europe/London',
    );
    expect(scheduleText(subscription({ frequency: 'monthly', weekday: null, monthDay: 31 }))).toBe(
      'Monthly on day 31 (or the last day) at 08:00 Europe/London',
    );
  });

  it('sends only the day field the frequency uses, and the recipient only when chosen', () => {
    expect(createRequest('r1', DEFAULT_FORM)).toEqual({
      reportId: 'r1',
      format: 'PDF',
      frequency: 'weekly',
      weekday: 1,
      timeOfDay: '08:00',
    });
    expect(
      createRequest('r1', {
        ...DEFAULT_FORM,
        frequency: 'monthly',
        monthDay: 15,
        recipientId: 'u',
        pageName: 'ReportSection1',
      }),
    ).toEqual({
      reportId: 'r1',
      format: 'PDF',
      frequency: 'monthly',
      monthDay: 15,
      timeOfDay: '08:00',
      userId: 'u',
      pageName: 'ReportSection1',
    });
  });

  it('checks the time of day', () => {
    expect(timeError('08:00')).toBeUndefined();
    expect(timeError('24:00')).toBe('Enter a time like 08:00');
    expect(timeError('8:00')).toBe('Enter a time like 08:00');
  });

  it('badges failing subscriptions and shows times in the tenant zone', () => {
    expect(statusBadge({ status: 'failing', pauseReason: null })).toEqual({
      text: 'Failing',
      tone: 'danger',
    });
    expect(statusBadge({ status: 'paused', pauseReason: null }).text).toBe('Paused');
    expect(statusBadge({ status: 'paused', pauseReason: 'no-access' })).toEqual({
      text: 'Paused — no access to this report',
      tone: 'warning',
    });
    expect(statusBadge({ status: 'paused', pauseReason: 'failures' }).text).toBe(
      'Paused — deliveries kept failing',
    );
    expect(blockedReason({ pauseReason: 'no-access' })).toMatch(/can no longer open/);
    expect(blockedReason({ pauseReason: 'failures' })).toBeUndefined();
    expect(zonedDateTime('2026-11-30T08:00:00.000Z', 'Asia/Tokyo')).toBe('Nov 30, 2026, 5:00 PM');
    expect(zonedDateTime(null, 'UTC')).toBe('—');
  });

  it('searches report, recipient and schedule', () => {
    expect(matchesSearch(subscription(), 'sales')).toBe(true);
    expect(matchesSearch(subscription(), 'ANN@')).toBe(true);
    expect(matchesSearch(subscription(), 'monday')).toBe(true);
    expect(matchesSearch(subscription(), 'payroll')).toBe(false);
  });
});

describe('editing a schedule', () => {
  it('fills the form from the subscription, with the defaults for the unused day fields', () => {
    const form = formFromSubscription(subscription({ pageName: 'ReportSection2' }));
    expect(form).toEqual({
      format: 'PDF',
      frequency: 'weekly',
      weekday: 1,
      monthDay: DEFAULT_FORM.monthDay,
      timeOfDay: '08:00',
      recipientId: '',
      pageName: 'ReportSection2',
    });
  });

  it('sends only the day field the frequency uses and clears the other and an unset page', () => {
    expect(
      updateRequest({ ...DEFAULT_FORM, frequency: 'monthly', monthDay: 31, timeOfDay: '17:30' }),
    ).toEqual({
      format: 'PDF',
      frequency: 'monthly',
      weekday: null,
      monthDay: 31,
      timeOfDay: '17:30',
      pageName: null,
    });
    expect(updateRequest({ ...DEFAULT_FORM, frequency: 'daily', pageName: 'P1' })).toMatchObject({
      weekday: null,
      monthDay: null,
      pageName: 'P1',
    });
  });
});
