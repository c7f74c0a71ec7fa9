import { categoryIcon, type CategoryIcon as Kind } from '../rules/source-rules.ts';

/** One 24-unit outline glyph per known category; "generic" for anything else. */
const PATHS: Record<Kind, string> = {
  // A ledger: a book with lines.
  accounting:
    'M6 3h11a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8 8h7M8 12h7M8 16h4',
  // Two people.
  crm: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M16 5.5a3 3 0 0 1 0 5.5M18 14.5a6 6 0 0 1 3 5.5',
  // A shopping cart.
  commerce: 'M3 4h2l2.4 11h10.2L20 8H7M10 20h.01M17 20h.01',
  // A bar chart.
  analytics: 'M4 20h16M7 16v-5M12 16V6M17 16v-8',
  // A plug.
  generic: 'M9 3v5M15 3v5M6 8h12v3a6 6 0 0 1-12 0zM12 17v4',
};

export function CategoryIcon({ category }: { category: string }) {
  const kind = categoryIcon(category);
  return (
    <svg
      className="category-icon"
      data-category={kind}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[kind]} />
    </svg>
  );
}
