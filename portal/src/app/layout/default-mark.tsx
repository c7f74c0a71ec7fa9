/** Canopy's mark, shown when the tenant has no logo. */
export function DefaultMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 36 36" aria-hidden="true">
      <rect width="36" height="36" rx="9" fill="currentColor" opacity="0.18" />
      <path
        d="M18 7c-5.5 4.4-8.5 8.8-8.5 13a8.5 8.5 0 0 0 17 0c0-4.2-3-8.6-8.5-13z"
        fill="currentColor"
      />
      <rect x="17" y="20" width="2" height="10" rx="1" fill="currentColor" opacity="0.6" />
    </svg>
  );
}
