import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupTestRoot } from '../testing/setup-test-root.ts';
import { toast } from '../ui/toast-store.ts';
import { useErrorToast } from './use-error-toast.ts';

const view = setupTestRoot();
afterEach(() => vi.restoreAllMocks());

function Probe({ failed, message }: { failed: boolean; message: string }) {
  useErrorToast(failed, message);
  return null;
}
const render = (failed: boolean, message = 'Failed to load users') =>
  act(() => view.root.render(<Probe failed={failed} message={message} />));

describe('useErrorToast', () => {
  it('shows the message once when the failure starts, not on every render', () => {
    const error = vi.spyOn(toast, 'error');
    render(false);
    expect(error).not.toHaveBeenCalled();
    render(true);
    render(true);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Failed to load users');
  });

  it('shows it again for a new failure after a recovery', () => {
    const error = vi.spyOn(toast, 'error');
    render(true, 'Report not found');
    render(false, 'Report not found');
    render(true, 'Report not found');
    expect(error).toHaveBeenCalledTimes(2);
  });
});
