import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../../modules/mail/mailer.ts';
import { createLocalStorage } from '../../modules/storage/local-storage.ts';
import { createS3Storage } from '../../modules/storage/s3-storage.ts';
import type { Storage } from '../../modules/storage/storage.ts';
import {
  unavailableWorkspaces,
  type WorkspaceProvisioner,
} from '../../modules/tenants/workspace-provisioner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    mailer: Mailer;
    /** Creates and removes tenants' analytics workspaces (the analytics module replaces it). */
    workspaces: WorkspaceProvisioner;
  }
}

export interface ServicesOptions {
  /** Tests and operators may hand in their own implementations. */
  storage?: Storage;
  mailer?: Mailer;
  workspaces?: WorkspaceProvisioner;
}

/** The outside services behind one interface each: file storage, mail, analytics workspaces. */
export default fp<ServicesOptions>(
  (app, options, done) => {
    const { config } = app;
    app.decorate(
      'storage',
      options.storage ??
        (config.storage.kind === 's3'
          ? createS3Storage(config.storage)
          : createLocalStorage(join(config.dataDir, 'files'))),
    );
    app.decorate(
      'mailer',
      options.mailer ??
        createMailer({
          smtpUrl: config.smtpUrl,
          from: config.mailFrom,
          outboxDir: join(config.dataDir, 'outbox'),
        }),
    );
    app.decorate('workspaces', options.workspaces ?? unavailableWorkspaces);
    done();
  },
  { name: 'services', dependencies: ['config'] },
);
