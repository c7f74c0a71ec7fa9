import { join } from 'node:path';
import { readOutbox } from '../modules/mail/mailer.ts';
import { configOrExit, run } from './cli-support.ts';

/**
 * `pnpm --filter @canopy/server outbox`: the mails the server wrote to the data folder instead of
 * sending them (no SMTP_URL), newest last, with their links: how a developer opens reset and
 * invitation links.
 */
run(async () => {
  const config = configOrExit(['CANOPY_ADMIN_EMAIL', 'CANOPY_ADMIN_PASSWORD']);
  const dir = join(config.dataDir, 'outbox');
  if (config.smtpUrl) {
    console.log('SMTP_URL is set: mails are sent by SMTP; this outbox only has older ones.');
  }
  const mails = await readOutbox(dir);
  if (mails.length === 0) {
    console.log(`The outbox is empty (${dir}).`);
    return 0;
  }
  for (const mail of mails) {
    console.log(`── ${mail.sentAt}  to ${mail.to}`);
    console.log(`   ${mail.subject}`);
    for (const link of mail.text.match(/https?:\/\/\S+/g) ?? []) console.log(`   ${link}`);
    for (const file of mail.attachments ?? []) console.log(`   attached: ${file.filename}`);
    console.log('');
  }
  console.log(`${mails.length} mail(s) in ${dir}`);
  return 0;
});
