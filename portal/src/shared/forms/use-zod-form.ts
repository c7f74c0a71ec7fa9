import { useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { checkForm, type FieldErrors } from './check-form.ts';

/** A schema over a form's values: its input is what the fields hold, its output what is sent. */
type FormSchema = z.ZodType<unknown, object>;

/**
 * The schema, or a function importing it: /login must show before the schema library loads (its
 * JavaScript budget), so its form checks once the import is done (call the function early, e.g.
 * on the form's first focus, and it is usually done by the submit).
 */
export type SchemaSource<S extends FormSchema> = S | (() => Promise<S>);

/** Said under the form when its lazily imported schema could not be loaded (e.g. offline). */
export const FORM_UNAVAILABLE = 'The form could not be checked. Check your connection and retry.';

const isLoader = <S extends FormSchema>(source: SchemaSource<S>): source is () => Promise<S> =>
  typeof source === 'function';

/** What `bind` gives a text field: spread it on a TextField, or pass it on. */
export interface FieldBinding {
  value: string;
  error: string | undefined;
  onBlur: (event: FocusEvent) => void;
  onChange: (event: ChangeEvent<{ value: string }>) => void;
}

/** The fields holding text, which `bind` wires to an input. */
type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A form's values and messages, checked with a schema (the contract's, plus the form's own
 * rules): on submit, then, once submitted, whenever focus leaves a field for another field, so a
 * message clears as soon as the person fixes the field and moves on. Not when focus goes to a
 * button or nowhere: a message appearing or going moves the buttons under the pointer between
 * press and release, and the click would be lost (the button checks anyway, or cancels).
 * Errors the server gives for a field (`setError`) stay until that field changes.
 * `errors['']` is a message about the whole form.
 */
export function useZodForm<S extends FormSchema>(source: SchemaSource<S>, initial: z.input<S>) {
  type Values = z.input<S>;
  const [values, setValues] = useState<Values>(initial);
  const [checked, setChecked] = useState<FieldErrors>({});
  const [answered, setAnswered] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  // The lazily imported schema once loaded (a schema passed directly is used as it is each render).
  const loaded = useRef<S | null>(null);

  const check = (schema: S) => {
    const result = checkForm(schema, values);
    setChecked(result.ok ? {} : result.errors);
    return result;
  };
  const set = <K extends keyof Values & string>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setAnswered((current) => ({ ...current, [key]: undefined }));
  };
  const blur = (event: FocusEvent) => {
    const schema = isLoader(source) ? loaded.current : source;
    const next = event.relatedTarget;
    const toField = next instanceof Element && next.matches('input, select, textarea');
    if (submitted && schema && toField) check(schema);
  };
  const errors: FieldErrors = { ...answered, ...checked };

  /** The form's onSubmit: checks, then hands the parsed values to `onValid`. */
  const submit = (onValid: (data: z.output<S>) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    setAnswered({});
    const run = (schema: S) => {
      loaded.current = schema;
      const result = check(schema);
      if (result.ok) onValid(result.data);
    };
    if (!isLoader(source)) return run(source);
    void source().then(run, () => setChecked({ '': FORM_UNAVAILABLE }));
  };

  return {
    values,
    errors,
    set,
    blur,
    submit,
    /** A field's message from the server (e.g. a wrong current password). */
    setError: (field: keyof Values & string, message: string) =>
      setAnswered((current) => ({ ...current, [field]: message })),
    /** Back to `next` (or the first values), without messages, as if never submitted. */
    reset: (next: Values = initial) => {
      setValues(next);
      setChecked({});
      setAnswered({});
      setSubmitted(false);
    },
    /** value, onChange, onBlur and error of a text field, to spread on a TextField. */
    bind: (key: TextKeys<Values>): FieldBinding => ({
      value: values[key] as string,
      error: errors[key],
      onBlur: blur,
      onChange: (event: ChangeEvent<{ value: string }>) =>
        // TextKeys holds only the keys whose value is a string.
        set(key, event.target.value as Values[typeof key]),
    }),
  };
}
