/**
 * The spec's forms always send an initial password (the tenant screen a fixed default one, the
 * super admin form resets its field to it). The server never stores it: every new account gets an
 * invitation email to set its own password, which the forms say next to the button.
 */
export const DEFAULT_INITIAL_PASSWORD = 'Welcome-Canopy-1';

export const INVITATION_HINT = 'New users receive an email invitation to set their own password.';
