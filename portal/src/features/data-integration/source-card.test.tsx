import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SourceCard } from './components/source-card.tsx';
import type { CardStatus } from './rules/source-rules.ts';
import { FALLBACK_SOURCES } from './rules/source-rules.ts';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';

const view = setupTestRoot();

const xero = FALLBACK_SOURCES[0]!;

function render(status: CardStatus, onConnect = vi.fn(), source = xero) {
  act(() =>
    view.root.render(
      <ul>
        <SourceCard source={source} status={status} connecting={false} onConnect={onConnect} />
      </ul>,
    ),
  );
  return view.container.querySelector('button')!;
}

describe('SourceCard', () => {
  it('shows name, category, description, the status badge and an enabled Connect', () => {
    const onConnect = vi.fn();
    const button = render('available', onConnect);
    expect(view.container.querySelector('h3')?.textContent).toBe('Xero');
    expect(view.container.textContent).toContain('Accounting');
    expect(view.container.textContent).toContain(xero.description);
    expect(view.container.querySelector('.badge')?.className).toContain('badge--neutral');
    expect(view.container.querySelector('.source-icon--letters')?.textContent).toBe('X');
    expect(button.textContent).toBe('Connect');
    expect(button.disabled).toBe(false);
    act(() => button.click());
    expect(onConnect).toHaveBeenCalledWith(xero);
  });

  it('reads "Connected", disabled, with a green badge when connected', () => {
    const onConnect = vi.fn();
    const button = render('connected', onConnect);
    expect(button.textContent).toBe('Connected');
    expect(button.disabled).toBe(true);
    expect(view.container.querySelector('.badge')?.className).toContain('badge--success');
    act(() => button.click());
    expect(onConnect).not.toHaveBeenCalled();
  });

  it('shows an error badge in red and can be connected again', () => {
    const button = render('error');
    expect(view.container.querySelector('.badge')?.className).toContain('badge--danger');
    expect(view.container.querySelector('.badge')?.textContent).toContain('Error');
    expect(button.disabled).toBe(false);
  });

  it('names the card by its source for assistive technology', () => {
    render('available');
    const article = view.container.querySelector('article')!;
    const title = view.container.querySelector('h3')!;
    expect(article.getAttribute('aria-labelledby')).toBe(title.id);
  });

  it('renders a URL icon as an image and an emoji as text', () => {
    render('available', vi.fn(), { ...xero, icon: 'https://cdn.example.com/x.png' });
    expect(view.container.querySelector('.source-icon img')?.getAttribute('src')).toBe(
      'https://cdn.example.com/x.png',
    );
    render('available', vi.fn(), { ...xero, icon: '📦', category: 'logistics' });
    expect(view.container.querySelector('.source-icon--text')?.textContent).toBe('📦');
    expect(view.container.querySelector('.category-icon')?.getAttribute('data-category')).toBe(
      'generic',
    );
    expect(view.container.textContent).toContain('Logistics');
  });
});
