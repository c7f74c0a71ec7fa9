import { iconKind } from '../rules/source-rules.ts';

/** A source's mark: a brand-coloured letter badge, its image, or its emoji (decorative: the name follows). */
export function SourceIcon({ icon, size = 'md' }: { icon: string; size?: 'sm' | 'md' }) {
  const kind = iconKind(icon);
  const className = `source-icon source-icon--${size}`;
  if (kind.kind === 'image')
    return (
      <span className={`${className} source-icon--image`} aria-hidden="true">
        <img src={kind.src} alt="" loading="lazy" />
      </span>
    );
  if (kind.kind === 'letters')
    return (
      <span
        className={`${className} source-icon--letters source-icon--${kind.brand}`}
        data-letters={kind.letters.length}
        aria-hidden="true"
      >
        {kind.letters}
      </span>
    );
  return (
    <span className={`${className} source-icon--text`} aria-hidden="true">
      {kind.text}
    </span>
  );
}
