import type { FocusEvent } from 'react';
import { FormField } from '../../../shared/ui/form-field.tsx';

interface EmailListFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent) => void;
  error?: string;
}

const HINT = 'Several people at once: one address per line, or separated by commas or semicolons.';

/**
 * "Email Address" of Add New User: one address, or several pasted at once. A textarea (an input
 * would drop the line breaks of a pasted list) that starts one line high and grows with the list.
 * Enter submits like the one-line field it replaces; Shift+Enter starts a new line.
 */
export function EmailListField({ value, onChange, onBlur, error }: EmailListFieldProps) {
  const lines = value.split('\n').length;
  return (
    <FormField label="Email Address" hint={HINT} error={error} required>
      {(control) => (
        <textarea
          {...control}
          className="input input--list"
          rows={Math.min(Math.max(lines, 1), 6)}
          autoComplete="off"
          inputMode="email"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }}
        />
      )}
    </FormField>
  );
}
