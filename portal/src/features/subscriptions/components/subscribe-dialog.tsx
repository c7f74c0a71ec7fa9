import type { Subscription } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { useZodForm } from '../../../shared/forms/use-zod-form.ts';
import { displayName } from '../../../shared/rules/display-name.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import {
  recipientsQuery,
  reportPagesQuery,
  tenantZoneQuery,
  useSubscriptionMutations,
} from '../api/subscriptions-api.ts';
import {
  createRequest,
  DEFAULT_FORM,
  formFromSubscription,
  ScheduleFormSchema,
  updateRequest,
  WEEKDAY_NAMES,
  type ScheduleForm,
} from '../rules/subscription-rules.ts';
import '../subscriptions.css';

export interface SubscribeDialogProps {
  reportId: string;
  reportName: string;
  tenantId: string;
  /** Tenant Admins may subscribe someone else who can open the report. */
  isAdmin: boolean;
  /** Change this subscription's schedule instead of creating one (its recipient stays). */
  editing?: Subscription;
  onClose: () => void;
}

const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/**
 * Subscribe to a report — format, frequency and day, time in the tenant's zone, recipient — or
 * change an existing subscription's schedule with the same fields.
 */
export function SubscribeDialog({
  reportId,
  reportName,
  tenantId,
  isAdmin,
  editing,
  onClose,
}: SubscribeDialogProps) {
  const schedule = useZodForm(
    ScheduleFormSchema,
    editing ? formFromSubscription(editing) : DEFAULT_FORM,
  );
  const { values: form, set } = schedule;
  const zone = useQuery(tenantZoneQuery(tenantId));
  const chooseRecipient = isAdmin && !editing;
  const recipients = useQuery({ ...recipientsQuery(reportId), enabled: chooseRecipient });
  const pages = useQuery(reportPagesQuery(reportId));
  const { create, update } = useSubscriptionMutations();
  const saving = create.isPending || update.isPending;

  const submit = schedule.submit((checked) => {
    if (editing) {
      update.mutate(
        { id: editing.id, body: updateRequest(checked) },
        {
          onSuccess: () => {
            toast.success(`Schedule of "${reportName}" updated`);
            onClose();
          },
          onError: (failure) => toast.error(errorMessage(failure, 'Failed to change subscription')),
        },
      );
      return;
    }
    create.mutate(createRequest(reportId, checked), {
      onSuccess: (subscription) => {
        toast.success(
          checked.recipientId
            ? `${subscription.recipient.email} is subscribed to "${reportName}"`
            : `Subscribed to "${reportName}"`,
        );
        onClose();
      },
      onError: (failure) => toast.error(errorMessage(failure, 'Failed to subscribe')),
    });
  });

  const timeZone = zone.data ?? 'UTC';
  return (
    <Dialog
      open
      title={editing ? 'Edit Schedule' : 'Subscribe'}
      description={
        editing
          ? `Change when "${reportName}" is mailed to ${editing.recipient.email}.`
          : `Get "${reportName}" by email on a schedule.`
      }
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="subscribe-form">
        {chooseRecipient && (
          <SelectField
            label="Recipient"
            value={form.recipientId}
            onChange={(event) => set('recipientId', event.target.value)}
          >
            <option value="">Me</option>
            {(recipients.data ?? []).map((person) => (
              <option key={person.id} value={person.id}>
                {displayName(person)} ({person.email})
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label="Format"
          value={form.format}
          onChange={(event) => set('format', event.target.value as ScheduleForm['format'])}
        >
          <option value="PDF">PDF</option>
          <option value="PPTX">PowerPoint</option>
        </SelectField>
        <SelectField
          label="Frequency"
          value={form.frequency}
          onChange={(event) => set('frequency', event.target.value as ScheduleForm['frequency'])}
        >
          <option value="daily">Daily</option>
          <option value="weekly">Weekly</option>
          <option value="monthly">Monthly</option>
        </SelectField>
        {form.frequency === 'weekly' && (
          <SelectField
            label="Weekday"
            value={String(form.weekday)}
            onChange={(event) => set('weekday', Number(event.target.value))}
          >
            {WEEKDAY_NAMES.map((name, index) => (
              <option key={name} value={index}>
                {name}
              </option>
            ))}
          </SelectField>
        )}
        {form.frequency === 'monthly' && (
          <SelectField
            label="Day of the month"
            value={String(form.monthDay)}
            onChange={(event) => set('monthDay', Number(event.target.value))}
          >
            {DAYS.map((day) => (
              <option key={day} value={day}>
                {day > 28 ? `${day} (or the month's last day)` : day}
              </option>
            ))}
          </SelectField>
        )}
        {(pages.data?.length ?? 0) > 1 && (
          <SelectField
            label="Page"
            value={form.pageName}
            onChange={(event) => set('pageName', event.target.value)}
          >
            <option value="">Whole report</option>
            {(pages.data ?? []).map((page) => (
              <option key={page.name} value={page.name}>
                {page.displayName}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Time"
          type="time"
          {...schedule.bind('timeOfDay')}
          hint={`In the organization's time zone: ${timeZone}`}
        />
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {editing
              ? update.isPending
                ? 'Saving...'
                : 'Save'
              : create.isPending
                ? 'Subscribing...'
                : 'Subscribe'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
