import { useId } from 'react';
import { Card } from '../../../shared/ui/bits.tsx';
import { TextField } from '../../../shared/ui/field.tsx';

/** The tenant's time zone: a field that searches the known zones as one types. */
export function TimeZoneCard(props: {
  value: string;
  zones: readonly string[];
  error: string | undefined;
  onChange: (timeZone: string) => void;
}) {
  const zoneListId = useId();
  return (
    <Card title="Time zone">
      <div className="form-grid">
        <TextField
          label="Time zone"
          list={zoneListId}
          autoComplete="off"
          value={props.value}
          error={props.error}
          hint="Report subscriptions are sent at their time in this zone. Type to search."
          onChange={(event) => props.onChange(event.target.value)}
        />
        <datalist id={zoneListId}>
          {props.zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </div>
    </Card>
  );
}
