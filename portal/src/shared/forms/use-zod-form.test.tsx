import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setupTestRoot } from '../testing/setup-test-root.ts';
import { TextField } from '../ui/field.tsx';
import { FORM_UNAVAILABLE, useZodForm, type SchemaSource } from './use-zod-form.ts';

const view = setupTestRoot();
const Form = z.object({ name: z.string().trim().min(1, 'Name is required') });
type Source = SchemaSource<typeof Form>;

function NameForm({ source, onValid }: { source: Source; onValid: (name: string) => void }) {
  const form = useZodForm(source, { name: '' });
  return (
    <form onSubmit={form.submit(({ name }) => onValid(name))} noValidate>
      {form.errors[''] && <p className="form-error">{form.errors['']}</p>}
      <TextField label="Name" {...form.bind('name')} />
      <input aria-label="Next" />
      <button type="button" onClick={() => form.setError('name', 'Taken')}>
        Answer
      </button>
    </form>
  );
}

const input = () => view.container.querySelector<HTMLInputElement>('input:not([aria-label])')!;
const error = () => view.container.querySelector('.field__error')?.textContent ?? null;
const type = (value: string) =>
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
/** Focus leaves the field for `to`: the next field, or a button. */
const blur = (to: 'field' | 'button' = 'field') =>
  act(() => {
    const next = view.container.querySelector(to === 'field' ? '[aria-label=Next]' : 'button');
    input().dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: next }));
  });
const submit = () => act(() => view.container.querySelector('form')!.requestSubmit());
/** Lets the lazily imported schema's promise settle. */
const settle = () => act(() => new Promise((done) => setTimeout(done, 0)));

describe('useZodForm', () => {
  it('says nothing before the first submit, then checks on submit and on leaving a field', () => {
    const onValid = vi.fn();
    act(() => view.root.render(<NameForm source={Form} onValid={onValid} />));
    blur();
    expect(error()).toBeNull();
    submit();
    expect(error()).toBe('Name is required');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    type(' Ann ');
    expect(error()).toBe('Name is required');
    // Not when going to a button: the message going would move it under the pointer.
    blur('button');
    expect(error()).toBe('Name is required');
    blur();
    expect(error()).toBeNull();
    submit();
    expect(onValid).toHaveBeenCalledWith('Ann');
  });

  it("keeps the server's message for a field until that field changes", () => {
    act(() => view.root.render(<NameForm source={Form} onValid={() => {}} />));
    type('Ann');
    submit();
    act(() => view.container.querySelector<HTMLButtonElement>('button[type=button]')!.click());
    blur();
    expect(error()).toBe('Taken');
    type('Bob');
    expect(error()).toBeNull();
  });

  it('checks with a lazily imported schema once it has loaded', async () => {
    const onValid = vi.fn();
    act(() =>
      view.root.render(<NameForm source={() => Promise.resolve(Form)} onValid={onValid} />),
    );
    submit();
    await settle();
    expect(error()).toBe('Name is required');
    type('Ann');
    submit();
    await settle();
    expect(onValid).toHaveBeenCalledWith('Ann');
  });

  it('says so when the lazily imported schema cannot load, and sends nothing', async () => {
    const onValid = vi.fn();
    const failing = () => Promise.reject(new Error('offline'));
    act(() => view.root.render(<NameForm source={failing} onValid={onValid} />));
    type('Ann');
    submit();
    await settle();
    expect(view.container.querySelector('.form-error')?.textContent).toBe(FORM_UNAVAILABLE);
    expect(onValid).not.toHaveBeenCalled();
  });
});
