import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one e-mail; rejects when the server refuses it or cannot be reached (the sender retries). */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

export interface SmtpOptions {
  /** smtp://user:pass@host:port or smtps://… (SMTP_URL). */
  url: string;
  /** The From address (MAIL_FROM). */
  from: string;
  /** Connection, greeting and socket time-outs, in ms (default 10 s each). */
  timeoutMs?: number;
}

/** E-mail over SMTP through nodemailer: one pooled connection, bounded waits. */
export function smtpMailer(opts: SmtpOptions): MailTransport & { close(): void } {
  const timeout = opts.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: opts.url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(m) {
      await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
    },
    close: () => transport.close(),
  };
}
