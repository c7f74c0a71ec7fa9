/** How many digits an authenticator app shows (RFC 6238's common length, and the server's). */
export const CODE_DIGITS = 6;

/**
 * The digits of what was typed or pasted: authenticator apps and password managers copy codes as
 * "123 456" or "123-456", and a phone's keyboard may add a trailing space.
 */
export const codeDigits = (text: string) => text.replace(/\D/g, '').slice(0, CODE_DIGITS);

export const isCompleteCode = (text: string) => new RegExp(`^\\d{${CODE_DIGITS}}$`).test(text);

/**
 * A recovery code as typed: case and separators do not matter to the server, but the field keeps
 * what the person typed readable; only surrounding spaces go.
 */
export const recoveryCodeText = (text: string) => text.trim();

/** The text of the downloaded recovery codes file: who and where they are for, one code a line. */
export function recoveryCodesFile(codes: readonly string[], account: string, origin: string) {
  return [
    `Canopy recovery codes for ${account}`,
    `Sign-in page: ${origin}/login`,
    '',
    'Each code signs you in once, in place of a code from your authenticator app.',
    'Keep them somewhere safe, away from your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** A base32 secret in groups of four, as people copy it into an app by hand. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
