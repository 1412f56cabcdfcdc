// Outgoing mail, behind one module: nodemailer over SMTP_URL, or, with none set (the embedded
// default), the message written to the server's log with its links, so `npm start` still works for
// one person. Requests never wait on SMTP: they queue a `send-email` job (retried by the queue),
// whose payload is sealed because it can carry a one-time link.
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import type { JobQueue } from '../queue/queue';

export type MailMessage = {
  to: string;
  subject: string;
  /** The plain-text part: every message has one. */
  text: string;
  /** A simple HTML part. */
  html: string;
};

export type Mailer = {
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export function createMailer(settings: { smtpUrl: string | null; from: string }, log: Logger) {
  if (!settings.smtpUrl) {
    return {
      kind: 'log',
      async send(message) {
        // The log is the inbox: the link is in the text part.
        log.info(
          `email to ${message.to}: "${message.subject}"\n${message.text.replace(/^/gmu, '  | ')}`,
        );
      },
      close() {},
    } satisfies Mailer;
  }
  const transport = nodemailer.createTransport(settings.smtpUrl, { from: settings.from });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: settings.from, ...message });
    },
    close: () => transport.close(),
  } satisfies Mailer;
}

/** Seals and opens what a `send-email` job carries (the token cipher's AES-256-GCM). */
export type MailSealer = { encrypt(plain: string): string; decrypt(sealed: string): string };

/** What requests use: a message queued for sending, never a failed request if queuing fails. */
export class Outbox {
  constructor(private readonly deps: { queue: JobQueue; sealer: MailSealer; log: Logger }) {}

  /** Queues the message; a failure is logged, and the caller goes on (it never fails a request). */
  async queue(message: MailMessage): Promise<void> {
    try {
      await this.deps.queue.send('send-email', {
        sealed: this.deps.sealer.encrypt(JSON.stringify(message)),
      });
    } catch (error) {
      this.deps.log.error({ err: error }, `could not queue the email "${message.subject}"`);
    }
  }

  /** The `send-email` job: opens the message and sends it (a throw makes the queue retry). */
  static handler(deps: { mailer: Mailer; sealer: MailSealer }) {
    return async (payload: { sealed: string }) => {
      const message = JSON.parse(deps.sealer.decrypt(payload.sealed)) as MailMessage;
      await deps.mailer.send(message);
    };
  }
}
