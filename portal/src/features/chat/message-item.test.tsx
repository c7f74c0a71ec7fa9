import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageItem } from './components/message-item.tsx';
import type { ShownMessage } from './rules/message-merge.ts';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';

const view = setupTestRoot();

const ME = { id: '11111111-1111-4111-8111-111111111111', email: 'ann.admin@acme.test' };
const YOU = '22222222-2222-4222-8222-222222222222';

const base: ShownMessage = {
  id: '00000000-0000-4000-8000-000000000001',
  conversationId: '33333333-3333-4333-8333-333333333333',
  senderId: ME.id,
  content: 'Hello',
  imageUrl: null,
  createdAt: new Date(2026, 10, 25, 9, 7).toISOString(),
  readBy: [{ id: ME.id }],
  reactions: [],
  cursor: 'c1',
};

const onReact = vi.fn();
function render(message: ShownMessage) {
  act(() =>
    view.root.render(
      <ul>
        <MessageItem
          message={message}
          me={ME}
          partnerEmail="vic.viewer@acme.test"
          onReact={onReact}
          onImageLoad={() => {}}
        />
      </ul>,
    ),
  );
  return view.container.querySelector('li')!;
}

beforeEach(() => {
  onReact.mockClear();
});

describe('a message on screen', () => {
  it('pending: dimmed, "Sending...", no ticks, no reaction button', () => {
    const item = render({ ...base, id: 'tmp-1', cursor: '', pending: true });
    expect(item.className).toContain('chat-message--pending');
    expect(item.textContent).toContain('Sending...');
    expect(item.querySelector('[data-ticks]')).toBeNull();
    expect(item.querySelector('[aria-label="Add reaction"]')).toBeNull();
  });

  it('own and sent: right side, HH:mm, one tick; read by two: the green double tick', () => {
    let item = render(base);
    expect(item.className).toContain('chat-message--own');
    expect(item.querySelector('time')!.textContent).toBe('09:07');
    expect(item.querySelector('[data-ticks]')!.getAttribute('data-ticks')).toBe('sent');
    item = render({ ...base, readBy: [{ id: ME.id }, { id: YOU }] });
    expect(item.querySelector('[data-ticks]')!.getAttribute('aria-label')).toBe('Read');
  });

  it("the other's: avatar initials of the email, no ticks, an image with its name", () => {
    const item = render({ ...base, senderId: YOU, readBy: [{ id: YOU }], imageUrl: '/x.png' });
    expect(item.className).toContain('chat-message--other');
    expect(item.querySelector('.chat-avatar')!.textContent).toBe('VI');
    expect(item.querySelector('[data-ticks]')).toBeNull();
    expect(item.querySelector('img')!.getAttribute('alt')).toBe('Image from vic.viewer@acme.test');
  });

  it('reactions: the picker offers the six, a chip toggles ours', () => {
    const item = render({
      ...base,
      reactions: [{ emoji: '😂', user: { email: 'ann.admin@acme.test' } }],
    });
    const chip = item.querySelector<HTMLButtonElement>('.chat-reaction')!;
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(chip.getAttribute('aria-label')).toBe('laugh: 1');
    act(() => chip.click());
    expect(onReact).toHaveBeenCalledWith(base.id, '😂');
    act(() => item.querySelector<HTMLButtonElement>('[aria-label="Add reaction"]')!.click());
    const choices = [...item.querySelectorAll('.chat-picker__emoji')].map((b) => b.textContent);
    expect(choices).toEqual(['👍', '❤️', '😂', '😮', '😢', '😠']);
    act(() => item.querySelector<HTMLButtonElement>('[aria-label="React with heart"]')!.click());
    expect(onReact).toHaveBeenLastCalledWith(base.id, '❤️');
    expect(item.querySelector('.chat-picker')).toBeNull();
  });

  it('shows CRLF from the server as plain line breaks', () => {
    const item = render({ ...base, content: 'one\r\ntwo' });
    expect(item.querySelector('.chat-bubble__text')!.textContent).toBe('one\ntwo');
  });
});

describe('avatars', () => {
  it("show the initials of a name set on My account, else of the email's local part", () => {
    const other = { ...base, senderId: YOU };
    const avatar = (item: HTMLElement) => item.querySelector('.chat-avatar')?.textContent;
    expect(avatar(render(other))).toBe('VI');
    act(() =>
      view.root.render(
        <ul>
          <MessageItem
            message={other}
            me={ME}
            partnerEmail="vic.viewer@acme.test"
            partner={{ email: 'vic.viewer@acme.test', firstName: 'Victoria', lastName: 'Vance' }}
            onReact={onReact}
            onImageLoad={() => {}}
          />
        </ul>,
      ),
    );
    expect(avatar(view.container.querySelector('li')!)).toBe('VV');
  });
});
