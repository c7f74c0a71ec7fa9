import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../shared/forms/check-form.ts';
import { groupForm } from './group-form.ts';

/** The name field's message for a name typed next to these other groups. */
const groupNameError = (name: string, others: { name: string }[]) => {
  const checked = checkForm(groupForm(others), { name, description: '' });
  return checked.ok ? undefined : checked.errors.name;
};

describe('group form', () => {
  it('refuses an empty, too long or already used group name (any case)', () => {
    expect(groupNameError('  ', [])).toBe('Name is required');
    expect(groupNameError('x'.repeat(81), [])).toMatch(/at most 80/);
    expect(groupNameError(' sales ', [{ name: 'Sales' }])).toBe(
      'A group with this name already exists',
    );
    expect(groupNameError('Sales 2', [{ name: 'Sales' }])).toBeUndefined();
  });
});
