import { h } from './dom.ts';

export interface MenuItem {
  label: string;
  onSelect(): void;
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
    const button = h(
      'button',
      { type: 'button', role: 'menuitem', class: 'cv-menu-item' },
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
  menu.querySelector<HTMLButtonElement>('button')?.focus();
}
