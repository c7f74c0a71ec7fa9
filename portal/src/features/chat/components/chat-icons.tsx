/** The widget's line icons (24 × 24, currentColor), decorative: their buttons carry the names. */
const paths = {
  chat: 'M4 5h16v11H8l-4 4V5z',
  close: 'M6 6l12 12M18 6L6 18',
  send: 'M4 12l16-8-6 16-2.5-6.5L4 12z',
  attach:
    'M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8',
  smile:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8.5 14.5s1.3 2 3.5 2 3.5-2 3.5-2M9 9.5h.01M15 9.5h.01',
} as const;

export function Icon({ name, size = 20 }: { name: keyof typeof paths; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}

/** One tick once sent, two (green) once read. */
export function Ticks({ read }: { read: boolean }) {
  return (
    <svg
      className={read ? 'chat-ticks chat-ticks--read' : 'chat-ticks'}
      width="18"
      height="12"
      viewBox="0 0 18 12"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M1 6.5l3.5 3.5L11 2" />
      {read && <path d="M7.5 9l1 1L15 2" />}
    </svg>
  );
}
