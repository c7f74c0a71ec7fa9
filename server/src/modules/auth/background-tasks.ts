import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundTasks {
  /** Starts work the response must not wait for; a failure is logged (message and code only). */
  run(what: string, task: () => Promise<void>): void;
  /** Settles once everything started so far has finished (shutdown, tests). */
  idle(): Promise<void>;
}

/**
 * Work that happens after the answer, such as mailing a reset link: the response time then does
 * not depend on whether there was anything to do, so it reveals nothing.
 */
export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(what, task) {
      // Started on the next turn of the event loop, after the answer is written: with PGlite the
      // database runs on this thread, and the work must not delay the answer it must not shape.
      const promise: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => {
          // Only the message and code: error objects of mail transports can carry the mail.
          const { message, code } = error as { message?: string; code?: unknown };
          log.error({ task: what, message, code }, 'background task failed');
        })
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
