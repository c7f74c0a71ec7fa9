import { useId } from 'react';

interface EmailListFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

const HINT = 'Several people at once: one address per line, or separated by commas or semicolons.';

/**
 * "Email Address" of Add New User: one address, or several pasted at once. A textarea (an input
 * would drop the line breaks of a pasted list) that starts one line high and grows with the list.
 * Enter submits like the one-line field it replaces; Shift+Enter starts a new line.
 */
export function EmailListField({ value, onChange, error }: EmailListFieldProps) {
  const id = useId();
  const lines = value.split('\n').length;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        Email Address
      </label>
      <textarea
        id={id}
        className="input input--list"
        rows={Math.min(Math.max(lines, 1), 6)}
        autoComplete="off"
        inputMode="email"
        spellCheck={false}
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          event.currentTarget.form?.requestSubmit();
        }}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        <p className="field__hint" id={`${id}-hint`}>
          {HINT}
        </p>
      )}
    </div>
  );
}
