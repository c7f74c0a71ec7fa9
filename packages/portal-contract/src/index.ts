/**
 * The portal API contract: one zod schema per request and response shape. The server validates
 * with these (fastify-type-provider-zod) and the SPA's client parses with them, so they cannot drift.
 */
export * from './common.ts';
export * from './auth.ts';
export * from './account.ts';
export * from './mfa.ts';
export * from './tenants.ts';
export * from './users.ts';
export * from './audit.ts';
export * from './chat.ts';
export * from './reports.ts';
export * from './groups.ts';
export * from './analytics.ts';
export * from './integrations.ts';
export * from './subscriptions.ts';
export * from './system.ts';
export * from './endpoint.ts';
export * from './endpoints/index.ts';
