import type { FastifyInstance } from 'fastify';
import { EmulatorError } from '../errors.ts';
import { defaultBodyLimit } from './body-limits.ts';
import { jsonDepth, maxJsonDepth, pruneDeep } from './json-bounds.ts';
import { checkSchema, coerceText, type JsonSchema } from './json-schema.ts';

/** Turns a schema problem into the 400 every area renders in its own error shape. */
export function schemaError(problem: { message: string; target?: string }): EmulatorError {
  return new EmulatorError('BadRequest', problem.message, [problem]);
}

/** Checks a value against a schema in a handler (bodies the route cannot describe up front). */
export function assertSchema<T>(schema: JsonSchema, value: unknown, path = ''): T {
  const problem = checkSchema(schema, value, path);
  if (problem) throw schemaError(problem);
  return value as T;
}

/**
 * Sets up input checking for everything registered after it in this scope (the whole emulator):
 *
 * - JSON bodies are parsed with prototype-poisoning protection and refused when nested deeper than
 *   {@link maxJsonDepth};
 * - every route gets a body cap ({@link defaultBodyLimit} unless it declares its own), answered
 *   with 413;
 * - route schemas (`schema.body`, `schema.querystring`, `schema.params`, declared with each route
 *   by routing/define-route.ts) are checked strictly by {@link checkSchema}, before the handler
 *   runs, so no handler writes unchecked input;
 * - replies are serialized with the same depth bound, so reading never fails on a deep value.
 */
export function installRequestValidation(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parseJson(request, body as string, (error: Error | null, value?: unknown) => {
      if (error) {
        done(error, undefined);
        return;
      }
      if (jsonDepth(value, maxJsonDepth) > maxJsonDepth) {
        done(
          new EmulatorError(
            'BadRequest',
            `The JSON body is nested deeper than ${maxJsonDepth} levels`,
            [{ message: `nested deeper than ${maxJsonDepth} levels`, target: 'body' }],
          ),
          undefined,
        );
        return;
      }
      done(null, value);
    });
  });

  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= defaultBodyLimit;
  });

  app.setValidatorCompiler(({ schema, httpPart }) => (data: unknown) => {
    const rule = schema as JsonSchema;
    const value = httpPart === 'body' ? data : coerceText(rule, data);
    const problem = checkSchema(rule, value, '');
    return problem ? { error: schemaError(problem) } : { value };
  });

  app.setReplySerializer((payload) => JSON.stringify(pruneDeep(payload)));
}
