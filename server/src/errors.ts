/**
 * The server's one error table. Every error the API returns is `{ error, code }` (plus `fields` for
 * 400s) with a code from here; the portal shows `error`, programs branch on `code`. Codes are stable:
 * add new ones, never rename. Messages are what people read in the portal; where the product sets
 * the wording (docs/portal.md quotes several), keep it exact.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'Invalid request' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON' },
  JSON_TOO_DEEP: { status: 400, message: 'The request body is nested too deeply' },
  JSON_TOO_MANY_VALUES: { status: 400, message: 'The request body has too many values' },
  MALFORMED_TEXT: {
    status: 400,
    message: 'The request contains a NUL character or broken Unicode text',
  },
  MALFORMED_MULTIPART: {
    status: 400,
    message: 'The request body is not valid multipart form data',
  },
  CANNOT_CHAT_WITH_YOURSELF: { status: 400, message: 'Cannot chat with yourself' },
  MESSAGE_EMPTY: { status: 400, message: 'A message needs text or an image' },
  MESSAGE_TOO_LONG: { status: 400, message: 'A message can be at most 4,000 characters' },
  INVALID_RESET_TOKEN: { status: 400, message: 'This link is invalid or has expired' },
  // 400, not 401: the session is fine, only the password typed is wrong (a 401 signs the portal out).
  WRONG_PASSWORD: { status: 400, message: 'Your current password is not correct' },
  NO_WORKSPACE: { status: 400, message: 'No PowerBI workspace configured for this tenant' },
  SOURCE_COMING_SOON: { status: 400, message: 'This integration type is coming soon' },
  INTEGRATION_NO_WORKSPACE: {
    status: 400,
    message: 'Connect this integration to a tenant with a workspace before syncing',
  },
  AUDIT_RANGE_INVERTED: { status: 400, message: 'The start of the date range is after its end' },
  UNKNOWN_TIME_ZONE: { status: 400, message: 'Unknown time zone: pick one from the list' },
  SUBSCRIPTION_SCHEDULE_INVALID: {
    status: 400,
    message: 'A weekly subscription needs a weekday and a monthly one a day of the month',
  },
  OIDC_STATE_INVALID: {
    status: 400,
    message: 'This sign-in attempt is invalid or has expired. Start again.',
  },
  // Two-step verification (docs/security.md). 400, not 401: on My account a 401 signs out.
  MFA_CODE_INVALID: { status: 400, message: 'That code is not correct. Try again.' },
  MFA_METHOD_UNAVAILABLE: {
    status: 400,
    message: 'This account has no such verification method. Choose another.',
  },
  PASSKEY_REJECTED: { status: 400, message: 'The passkey could not be verified' },
  PASSKEY_CHALLENGE_EXPIRED: {
    status: 400,
    message: 'This passkey request has expired. Try again.',
  },

  UNAUTHENTICATED: { status: 401, message: 'Authentication required' },
  SESSION_EXPIRED: { status: 401, message: 'Session expired' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  INVALID_REFRESH_TOKEN: { status: 401, message: 'Session expired' },
  ROLE_CHANGED: { status: 401, message: 'Your role was changed. Please sign in again.' },
  PASSWORD_CHANGED: {
    status: 401,
    message: 'Your password was changed in another session. Please sign in with the new one.',
  },
  INVALID_SIGN_IN_TICKET: { status: 401, message: 'This sign-in link is invalid or has expired' },
  INVALID_STREAM_TICKET: { status: 401, message: 'The stream ticket is invalid or has expired' },
  MFA_TICKET_INVALID: {
    status: 401,
    message: 'This sign-in attempt has expired. Sign in with your password again.',
  },

  FORBIDDEN: { status: 403, message: 'You do not have permission to perform this action' },
  TENANT_INACTIVE: {
    status: 403,
    message: 'Your organization is inactive. Contact your administrator.',
  },
  ACCOUNT_NOT_ACTIVATED: {
    status: 403,
    message: 'Set your password with the invitation link we emailed you before signing in.',
  },
  OIDC_NOT_ALLOWED: {
    status: 403,
    message: 'External sign-in is only for super administrators with a verified email',
  },
  MFA_ENROLMENT_REQUIRED: {
    status: 403,
    message: 'Set up two-step verification on My account to continue',
  },

  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Route not found' },
  TENANT_NOT_FOUND: { status: 404, message: 'Tenant not found' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  FILE_NOT_FOUND: { status: 404, message: 'File not found' },
  REPORT_NOT_FOUND: { status: 404, message: 'Report not found' },
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Subscription not found' },
  DATA_SOURCE_NOT_FOUND: { status: 404, message: 'Data source not found' },
  INTEGRATION_NOT_FOUND: { status: 404, message: 'Integration not found' },
  REPORT_NOT_SYNCED: {
    status: 404,
    message: 'Report not found in database. Please sync reports first.',
  },
  ANALYTICS_ENTITY_NOT_FOUND: {
    status: 404,
    message: 'The workspace or dataset was not found in the analytics service',
  },
  OIDC_NOT_CONFIGURED: { status: 404, message: 'External sign-in is not configured' },
  CONVERSATION_NOT_FOUND: { status: 404, message: 'Conversation not found' },
  MESSAGE_NOT_FOUND: { status: 404, message: 'Message not found' },
  SESSION_NOT_FOUND: { status: 404, message: 'Session not found' },
  GROUP_NOT_FOUND: { status: 404, message: 'Group not found' },
  PASSKEY_NOT_FOUND: { status: 404, message: 'Passkey not found' },

  EMAIL_TAKEN: { status: 409, message: 'A user with this email already exists' },
  GROUP_NAME_TAKEN: { status: 409, message: 'This tenant already has a group with this name' },
  LAST_ADMIN: { status: 409, message: 'A tenant must keep at least one Admin' },
  ADMIN_EMAIL_TAKEN: {
    status: 409,
    message: 'A user with this email already exists: choose another administrator email',
  },
  NOT_INVITED: { status: 409, message: 'This person has already activated their account' },
  CANNOT_CHANGE_SELF: { status: 409, message: 'You cannot change or delete your own account here' },
  PASSWORD_NOT_SET: {
    status: 409,
    message: 'This account signs in with single sign-on and has no password to change',
  },
  REPORT_DATASET_SHARED: {
    status: 409,
    message:
      "This report's dataset is shared with other tenants and has no row-level security, so it cannot be opened",
  },
  RECIPIENT_NO_ACCESS: {
    status: 409,
    message: 'This person cannot open this report: grant them access first',
  },
  // The portal shows this sentence as the subscription's state: keep it exact.
  SUBSCRIPTION_NO_ACCESS: {
    status: 409,
    message:
      'Paused — no access to this report. Ask an Admin to give the recipient access, then resume it.',
  },
  // The services name the limit in the message ("the limit of 25 subscriptions").
  SUBSCRIPTION_LIMIT_REACHED: {
    status: 409,
    message: 'The limit of subscriptions is reached. Delete one to add another.',
  },
  MFA_TOTP_ALREADY_ENABLED: {
    status: 409,
    message: 'An authenticator app is already set up: remove it before adding another',
  },
  MFA_ENROLMENT_NOT_STARTED: {
    status: 409,
    message: 'Start setting up the authenticator app again',
  },
  MFA_NOT_ENABLED: { status: 409, message: 'Two-step verification is not set up' },
  MFA_REQUIRED_BY_POLICY: {
    status: 409,
    message:
      'Two-step verification is required for your account: add another method before removing this one',
  },

  PAYLOAD_TOO_LARGE: { status: 413, message: 'The upload is too large' },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported file type' },

  ACCOUNT_LOCKED: {
    status: 429,
    message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
  },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Try again later.' },
  SEND_NOW_PENDING: {
    status: 429,
    message: 'This subscription was just sent or is being sent. Try again in a minute.',
  },

  INTERNAL: { status: 500, message: 'Internal Server Error' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable' },
  SHUTTING_DOWN: { status: 503, message: 'The server is restarting. Try again in a moment.' },
  OIDC_FAILED: { status: 502, message: 'External sign-in failed. Try again later.' },
  // Every connection of the pool stayed busy for CANOPY_DB_CONNECT_TIMEOUT_MS.
  DATABASE_BUSY: {
    status: 503,
    message: 'The server is busy right now. Try again in a moment.',
  },
  // A statement ran past CANOPY_DB_STATEMENT_TIMEOUT_MS and was cancelled.
  DATABASE_STATEMENT_TIMEOUT: {
    status: 503,
    message: 'This took too long to answer. Try again, or ask for less (a shorter period).',
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'The database is not reachable right now. Try again in a moment.',
  },
  ANALYTICS_UNAVAILABLE: {
    status: 503,
    message: 'The analytics service is not available, so no workspace can be created',
  },
  ANALYTICS_THROTTLED: {
    status: 503,
    message: 'The analytics service is busy. Try again in a moment.',
  },
  ANALYTICS_UNREACHABLE: { status: 503, message: 'The analytics service cannot be reached' },
  ANALYTICS_FAILED: { status: 502, message: 'The analytics service failed to answer' },
  ANALYTICS_BAD_REQUEST: { status: 502, message: 'The analytics service rejected the request' },
  ANALYTICS_NOT_AUTHORIZED: {
    status: 502,
    message: 'The analytics service refused access: the service principal lacks permission',
  },
  ANALYTICS_TOKEN_EXPIRED: {
    status: 502,
    message: 'The analytics service rejected an expired token',
  },
  ANALYTICS_CREDENTIALS_REJECTED: {
    status: 502,
    message: 'The analytics service rejected the service principal credentials',
  },
  ANALYTICS_TIMEOUT: { status: 504, message: 'The analytics service did not answer in time' },
  INTEGRATIONS_UNAVAILABLE: {
    status: 503,
    message: 'No OAuth provider is configured for this data source',
  },
  INTEGRATION_AUTH_FAILED: {
    status: 502,
    message: 'The data source refused the stored credentials. Reconnect the integration.',
  },
  INTEGRATION_PROVIDER_FAILED: { status: 502, message: 'The data source failed to answer' },
  INTEGRATION_PROVIDER_THROTTLED: {
    status: 503,
    message: 'The data source is busy. Try again in a moment.',
  },
  INTEGRATION_PROVIDER_UNREACHABLE: { status: 503, message: 'The data source cannot be reached' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldError {
  path: string;
  message: string;
}

/** Thrown by services; the error handler turns it into the JSON body. Routes never catch it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields?: FieldError[];
  /** Extra response headers (Retry-After on 429s). */
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: { message?: string; fields?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(options.message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERRORS[code].status;
    this.fields = options.fields;
    this.headers = options.headers;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/**
 * A reason the process cannot start (database unreachable, port taken), said in one line that names
 * what to change. server.ts prints the message alone, without a stack: nothing in it is a bug.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
