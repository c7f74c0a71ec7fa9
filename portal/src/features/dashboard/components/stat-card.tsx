import type { ReactNode } from 'react';

export function StatCard({
  label,
  value,
  note,
}: {
  label: string;
  value: ReactNode;
  note?: string;
}) {
  return (
    <section className="card stat" aria-label={label}>
      <h2 className="stat__label">{label}</h2>
      <p className="stat__value">{value}</p>
      {note && <p className="field__hint">{note}</p>}
    </section>
  );
}

export function StatSkeletons({ count }: { count: number }) {
  return (
    <div className="grid grid--stats" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className="skeleton skeleton--card" />
      ))}
    </div>
  );
}
