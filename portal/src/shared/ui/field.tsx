import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './form-field.tsx';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Classes of the field's wrapper (the control's own `className` is not taken). */
  fieldClassName?: string;
}

/** A labelled input (FormField around an <input>); refs reach the input. */
export function TextField(props: FieldProps & Omit<ComponentProps<'input'>, 'className'>) {
  const { label, error, hint, fieldClassName, id, required, ...input } = props;
  return (
    <FormField {...{ label, error, hint, required, id }} className={fieldClassName}>
      {(control) => <input className="input" {...control} {...input} />}
    </FormField>
  );
}

/** A labelled select (FormField around a <select>); refs reach the select. */
export function SelectField(props: FieldProps & Omit<ComponentProps<'select'>, 'className'>) {
  const { label, error, hint, fieldClassName, id, required, children, ...select } = props;
  return (
    <FormField {...{ label, error, hint, required, id }} className={fieldClassName}>
      {(control) => (
        <select className="input select" {...control} {...select}>
          {children}
        </select>
      )}
    </FormField>
  );
}
