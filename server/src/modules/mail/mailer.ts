import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * The Message-ID header (`<…@…>`); SMTP picks a random one when absent. A mail that may be
   * sent again after a crash keeps one, so it is recognisably the same mail.
   */
  messageId?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise every mail is written to the outbox folder as JSON. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  let sent = 0;
  return {
    async send(mail) {
      await mkdir(options.outboxDir, { recursive: true });
      // Names sort in sending order: the time, then a per-process sequence for mails of one
      // millisecond, then a random tail so two processes never collide.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const sequence = String(++sent).padStart(8, '0');
      const name = `${stamp}-${sequence}-${Math.random().toString(36).slice(2, 8)}.json`;
      // Attachments are kept whole, base64, so the outbox shows exactly what SMTP would carry.
      const record = {
        from: options.from,
        sentAt: new Date().toISOString(),
        ...mail,
        ...(mail.attachments
          ? {
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content.toString('base64'),
              })),
            }
          : {}),
      };
      await writeFile(join(options.outboxDir, name), JSON.stringify(record, null, 2), {
        mode: 0o600,
      });
    },
  };
}

export interface OutboxMail extends Omit<Mail, 'attachments'> {
  from: string;
  sentAt: string;
  /** `content` is base64. */
  attachments?: { filename: string; contentType: string; content: string }[];
}

/** The outbox, oldest first (for `pnpm --filter @canopy/server outbox` and tests). */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (n) => JSON.parse(await readFile(join(outboxDir, n), 'utf8')) as OutboxMail),
  );
}
