// A real SMTP server for tests (smtp-server, from nodemailer's authors) that keeps every message it
// is given, parsed (mailparser): a test reads the email a member would get, links and all.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The first link in the text part that points at `pathname`, if any. */
  link(pathname: string): URL | null;
};

export type SmtpCapture = {
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** Waits for a message to `to` that `match` accepts (and was not taken before). */
  next(
    to: string,
    match?: (mail: CapturedMail) => boolean,
    timeoutMs?: number,
  ): Promise<CapturedMail>;
  close(): Promise<void>;
};

function captured(parsed: ParsedMail): CapturedMail {
  const addresses = (field: ParsedMail['to']) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((entry) =>
      entry.value.map((address) => (address.address ?? '').toLowerCase()),
    );
  const text = parsed.text ?? '';
  return {
    to: addresses(parsed.to),
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    text,
    html: typeof parsed.html === 'string' ? parsed.html : '',
    link(pathname) {
      for (const match of text.matchAll(/https?:\/\/\S+/gu)) {
        const url = new URL(match[0]);
        if (url.pathname === pathname) return url;
      }
      return null;
    },
  };
}

export async function startSmtpCapture(options: { port?: number } = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(captured(parsed));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(to, match = () => true, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(
          (mail) => !taken.has(mail) && mail.to.includes(to.toLowerCase()) && match(mail),
        );
        if (found) {
          taken.add(found);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no email to ${to} arrived in time`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
