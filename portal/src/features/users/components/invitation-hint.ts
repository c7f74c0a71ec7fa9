/**
 * Accounts are invited, never given a password by someone else: a new person gets an email with a
 * link to choose their own. The forms say so next to their button.
 */
export const INVITATION_HINT = 'New users receive an email invitation to set their own password.';
