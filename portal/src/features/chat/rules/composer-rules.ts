/** The message box grows with its text from 40 to 120 px, then scrolls. */
export const COMPOSER_MIN_PX = 40;
export const COMPOSER_MAX_PX = 120;

/** The textarea's height for its content height, within 40–120 px (scrolls beyond). */
export const composerHeight = (scrollHeight: number) =>
  Math.min(COMPOSER_MAX_PX, Math.max(COMPOSER_MIN_PX, Math.ceil(scrollHeight)));

/** Enter sends; Shift+Enter (and Enter while an IME composes) adds a new line. */
export function enterAction(event: {
  key: string;
  shiftKey: boolean;
  isComposing?: boolean;
}): 'send' | 'newline' | 'none' {
  if (event.key !== 'Enter') return 'none';
  if (event.shiftKey || event.isComposing) return 'newline';
  return 'send';
}

/** A message needs non-blank text or an image. */
export const canSend = (text: string, image: File | null) => text.trim() !== '' || image !== null;

/** Image files only, checked in code too (the picker's accept="image/*" is only a hint). */
export const isImageFile = (file: Pick<File, 'type'>) => file.type.startsWith('image/');

/** The preview's size in megabytes, two decimals (shown only; the portal enforces no limit). */
export function sizeInMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  // A small screenshot is not "0.00 MB".
  if (bytes > 0 && mb < 0.005) return '< 0.01 MB';
  return `${mb.toFixed(2)} MB`;
}

/** Typing signals go out at most this often while the person types. */
export const TYPING_THROTTLE_MS = 1_000;
