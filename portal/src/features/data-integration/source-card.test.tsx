import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SourceCard } from './components/source-card.tsx';
import type { CardStatus } from './rules/source-rules.ts';
import { FALLBACK_SOURCES } from './rules/source-rules.ts';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const xero = FALLBACK_SOURCES[0]!;
let container: HTMLDivElement;
let root: Root;

function render(status: CardStatus, onConnect = vi.fn(), source = xero) {
  act(() =>
    root.render(
      <ul>
        <SourceCard source={source} status={status} connecting={false} onConnect={onConnect} />
      </ul>,
    ),
  );
  return container.querySelector('button')!;
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('SourceCard', () => {
  it('shows name, category, description, the status badge and an enabled Connect', () => {
    const onConnect = vi.fn();
    const button = render('available', onConnect);
    expect(container.querySelector('h3')?.textContent).toBe('Xero');
    expect(container.textContent).toContain('Accounting');
    expect(container.textContent).toContain(xero.description);
    expect(container.querySelector('.badge')?.className).toContain('badge--neutral');
    expect(container.querySelector('.source-icon--letters')?.textContent).toBe('X');
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
    expect(container.querySelector('.badge')?.className).toContain('badge--success');
    act(() => button.click());
    expect(onConnect).not.toHaveBeenCalled();
  });

  it('shows an error badge in red and can be connected again', () => {
    const button = render('error');
    expect(container.querySelector('.badge')?.className).toContain('badge--danger');
    expect(container.querySelector('.badge')?.textContent).toContain('Error');
    expect(button.disabled).toBe(false);
  });

  it('names the card by its source for assistive technology', () => {
    render('available');
    const article = container.querySelector('article')!;
    const title = container.querySelector('h3')!;
    expect(article.getAttribute('aria-labelledby')).toBe(title.id);
  });

  it('renders a URL icon as an image and an emoji as text', () => {
    render('available', vi.fn(), { ...xero, icon: 'https://cdn.example.com/x.png' });
    expect(container.querySelector('.source-icon img')?.getAttribute('src')).toBe(
      'https://cdn.example.com/x.png',
    );
    render('available', vi.fn(), { ...xero, icon: '📦', category: 'logistics' });
    expect(container.querySelector('.source-icon--text')?.textContent).toBe('📦');
    expect(container.querySelector('.category-icon')?.getAttribute('data-category')).toBe(
      'generic',
    );
    expect(container.textContent).toContain('Logistics');
  });
});
