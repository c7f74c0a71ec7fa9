import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './components/composer.tsx';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';

const view = setupTestRoot();

let onSend: ReturnType<typeof vi.fn<(text: string, image: File | null) => Promise<boolean>>>;

const textarea = () => view.container.querySelector('textarea')!;
const type = (value: string) =>
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setter.call(textarea(), value);
    textarea().dispatchEvent(new Event('input', { bubbles: true }));
  });
const press = (key: string, shiftKey = false) => {
  const event = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
  act(() => void textarea().dispatchEvent(event));
  return event;
};

beforeEach(() => {
  onSend = vi.fn(() => Promise.resolve(true));
  act(() =>
    view.root.render(
      <Composer
        partnerEmail="vic@x.test"
        onSend={onSend}
        onTyping={() => {}}
        onStopTyping={() => {}}
      />,
    ),
  );
});

describe('composer: Enter vs Shift+Enter', () => {
  it('Enter sends the text and empties the box', async () => {
    type('Hello there');
    const event = press('Enter');
    expect(event.defaultPrevented).toBe(true);
    expect(onSend).toHaveBeenCalledWith('Hello there', null);
    await act(async () => {});
    expect(textarea().value).toBe('');
  });

  it('Shift+Enter does not send (the browser adds the line)', () => {
    type('first line');
    const event = press('Enter', true);
    expect(event.defaultPrevented).toBe(false);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('a blank message is not sent, and the send button is disabled', () => {
    type('   ');
    press('Enter');
    expect(onSend).not.toHaveBeenCalled();
    expect(view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(
      true,
    );
  });

  it('a refused send puts the text back into the empty box', async () => {
    onSend.mockResolvedValueOnce(false);
    type('will fail');
    press('Enter');
    await act(async () => {});
    expect(textarea().value).toBe('will fail');
  });

  it('the attach input takes images only', () => {
    const input = view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('image/*');
  });
});
