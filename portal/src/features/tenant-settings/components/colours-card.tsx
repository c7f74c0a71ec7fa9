import type { Theme } from '@canopy/portal-contract';
import { readableSurface, textOnColor } from '../../../shared/rules/brightness.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';

/** The primary colour and theme, with a preview of a primary button in that colour. */
export function ColoursCard(props: {
  primaryColor: string;
  theme: Theme;
  onChange: (change: { primaryColor?: string; theme?: Theme }) => void;
}) {
  return (
    <Card title="Colours and theme">
      <div className="form-grid">
        <TextField
          label="Primary Color"
          type="color"
          value={props.primaryColor}
          onChange={(event) => props.onChange({ primaryColor: event.target.value })}
        />
        <SelectField
          label="Theme"
          value={props.theme}
          onChange={(event) => props.onChange({ theme: event.target.value as Theme })}
        >
          <option value="dark">Dark</option>
          <option value="light">Light</option>
        </SelectField>
        <div className="field">
          <span className="field__label">Preview</span>
          <span
            className="button"
            style={{
              background: readableSurface(props.primaryColor),
              color: textOnColor(props.primaryColor),
            }}
            aria-hidden="true"
          >
            Primary button
          </span>
        </div>
      </div>
    </Card>
  );
}
