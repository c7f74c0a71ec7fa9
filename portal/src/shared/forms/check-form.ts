import type { z } from 'zod';

/** A form's messages by field: the field's name (a nested field's path joined with dots). */
export type FieldErrors = Partial<Record<string, string>>;

export type FormCheck<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Checks a form's values with its schema: the parsed data, or the first message of each field
 * (a field shows one message at a time, the first rule it breaks).
 */
export function checkForm<S extends z.ZodType>(schema: S, values: unknown): FormCheck<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
