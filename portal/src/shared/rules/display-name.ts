import { avatarInitials, nameFromEmail } from './roles.ts';

/** Anyone the portal names: the signed-in person, a teammate in the chat, a row of a user list. */
export interface NamedPerson {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

/** The name the person gave on My account, when they gave one. */
function givenName(person: NamedPerson): string {
  return [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/**
 * What the portal calls a person: the name they set on My account, else one derived from the email
 * ("jane.doe@x.com" → "Jane Doe"), else the email itself (a local part of only symbols).
 */
export function displayName(person: NamedPerson): string {
  return givenName(person) || nameFromEmail(person.email) || person.email;
}

/**
 * Avatar initials: the first letters of the first and last name when set ("Ada Lovelace" → "AL"),
 * else the first two letters of the email's local part.
 */
export function personInitials(person: NamedPerson): string {
  const letters = [person.firstName, person.lastName]
    .map((part) => [...(part?.trim() ?? '')].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? '')
    .join('');
  return letters ? letters.toUpperCase() : avatarInitials(person.email);
}
