import { h } from './dom.ts';

export interface MenuItem {
  label: string;
  onSelect(): void;
  /** Shown greyed out and not selectable (a command the host disabled). */
  disabled?: boolean;
  /** Starts a new group: a separator line above it. */
  separated?: boolean;
}

let open: HTMLElement | undefined;

export function closeMenu(): void {
  open?.remove();
  open = undefined;
}

document.addEventListener('click', (event) => {
  if (open && !open.contains(event.target as Node)) closeMenu();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') closeMenu();
});

/** Shows a small menu at page coordinates; one menu at a time. */
export function showMenu(x: number, y: number, items: MenuItem[], label: string): void {
  closeMenu();
  if (items.length === 0) return;
  const menu = h('div', {
    class: 'cv-menu',
    role: 'menu',
    'aria-label': label,
    style: `left:${x}px;top:${y}px`,
  });
  for (const item of items) {
    if (item.separated && menu.childElementCount > 0)
      menu.append(h('div', { role: 'separator', class: 'cv-menu-separator' }));
    const button = h(
      'button',
      {
        type: 'button',
        role: 'menuitem',
        class: 'cv-menu-item',
        disabled: item.disabled === true,
        'aria-disabled': item.disabled === true ? 'true' : undefined,
      },
      item.label,
    );
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      closeMenu();
      item.onSelect();
    });
    menu.append(button);
  }
  document.body.append(menu);
  open = menu;
  // Keep the menu inside the frame: a ⋯ at the right or bottom edge opens it leftwards or upwards.
  const rect = menu.getBoundingClientRect();
  if (rect.right > window.innerWidth)
    menu.style.left = `${Math.max(0, window.innerWidth - rect.width - 4)}px`;
  if (rect.bottom > window.innerHeight)
    menu.style.top = `${Math.max(0, window.innerHeight - rect.height - 4)}px`;
  menu.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
}
