import { useId } from 'react';
import type { FieldBinding } from '../../../shared/forms/use-zod-form.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { TextField } from '../../../shared/ui/field.tsx';

/** The tenant's time zone: a field that searches the known zones as one types. */
export function TimeZoneCard({ zones, ...field }: FieldBinding & { zones: readonly string[] }) {
  const zoneListId = useId();
  return (
    <Card title="Time zone">
      <div className="form-grid">
        <TextField
          label="Time zone"
          list={zoneListId}
          autoComplete="off"
          hint="Report subscriptions are sent at their time in this zone. Type to search."
          {...field}
        />
        <datalist id={zoneListId}>
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </div>
    </Card>
  );
}
