import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { checkForm } from './check-form.ts';

const Form = z.object({
  name: z.string().trim().min(1, 'Name is required').max(5, 'Too long'),
  address: z.object({ city: z.string().min(1, 'City is required') }),
});

describe('checkForm', () => {
  it('gives the parsed values when the form passes', () => {
    expect(checkForm(Form, { name: ' Ann ', address: { city: 'Oslo' } })).toEqual({
      ok: true,
      data: { name: 'Ann', address: { city: 'Oslo' } },
    });
  });

  it('gives the first message of each field, nested fields by their dotted path', () => {
    const schema = Form.extend({
      name: Form.shape.name.refine((name) => name !== 'x', 'Not x'),
    });
    expect(checkForm(schema, { name: '', address: { city: '' } })).toEqual({
      ok: false,
      errors: { name: 'Name is required', 'address.city': 'City is required' },
    });
  });
});
