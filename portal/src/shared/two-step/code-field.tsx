import { TextField } from '../ui/field.tsx';
import { codeDigits, CODE_DIGITS } from './one-time-code.ts';

/**
 * The 6-digit code field: a phone shows its number pad, the browser may offer a code it received
 * (`one-time-code`), and a pasted "123 456" keeps only its digits. No maxLength: it would cut a
 * pasted code with a space in it before the digits are picked out.
 */
export function CodeField(props: {
  label?: string;
  value: string;
  onChange: (digits: string) => void;
  error?: string;
  hint?: string;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  return (
    <TextField
      label={props.label ?? 'Verification code'}
      fieldClassName="field--code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`[0-9]{${CODE_DIGITS}}`}
      spellCheck={false}
      // A person lands here to type: the field takes the keyboard at once.
      autoFocus={props.autoFocus}
      disabled={props.disabled}
      value={props.value}
      onChange={(event) => props.onChange(codeDigits(event.target.value))}
      error={props.error}
      hint={props.hint}
    />
  );
}
