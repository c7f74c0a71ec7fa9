import Fastify, { type FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import app from '../../src/app.ts';
import type { TestApp } from '../helper.ts';

/**
 * A second instance of the app on `t`'s database that counts every statement it sends (a Kysely
 * plugin sees raw SQL too): for tests that prove a path answers from memory.
 */
export async function countingInstance(
  t: TestApp,
): Promise<{ app: FastifyInstance; statements: () => number }> {
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      statements++;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  const counted = Fastify({ logger: false });
  await counted.register(app, {
    config: t.config,
    database: { ...t.database, db: t.database.db.withPlugin(counter) },
    rateLimitPerMinute: 0,
  });
  await counted.ready();
  return { app: counted, statements: () => statements };
}
