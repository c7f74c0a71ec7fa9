import { useId, type ReactNode } from 'react';

/** What a field's control must carry so its label, hint and error reach assistive technology. */
export interface ControlProps {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  label: string;
  /** Shown instead of the hint, announced (role="alert") and linked to the control. */
  error?: string;
  hint?: ReactNode;
  /** Marks the label with an asterisk and the control as required. */
  required?: boolean;
  id?: string;
  /** Extra classes of the wrapper, for a screen's own layout. */
  className?: string;
  /** The control itself, given the props that wire it to the label, hint and error. */
  children: (control: ControlProps) => ReactNode;
}

/**
 * One labelled form control: label (its text is the control's accessible name, so getByLabel
 * works), a required marker, then the control, then its error or else its hint.
 */
export function FormField(props: FormFieldProps) {
  const { label, error, hint, required, id, className, children } = props;
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  return (
    <div className={['field', className, error && 'field--invalid'].filter(Boolean).join(' ')}>
      <div className="field__top">
        <label className="field__label" htmlFor={controlId}>
          {label}
        </label>
        {/* Outside the label, so the accessible name stays the label's words; the control says
            "required" itself. */}
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children({
        id: controlId,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : hint ? hintId : undefined,
      })}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
