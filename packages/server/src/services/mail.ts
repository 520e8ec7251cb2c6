import type { Transporter } from 'nodemailer';

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

/**
 * E-mail over SMTP through nodemailer: one pooled connection, bounded waits. nodemailer is loaded with the first
 * message rather than at start (docs/decisions.md "Loaded when first used").
 */
export function smtpMailer(opts: SmtpOptions): MailTransport & { close(): void } {
  const timeout = opts.timeoutMs ?? 10_000;
  let transport: Promise<Transporter> | null = null;
  const open = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      url: opts.url,
      pool: true,
      maxConnections: 2,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  };
  return {
    async send(m) {
      // a failed load is not kept: the sender retries the message, and the next send loads again
      transport ??= open().catch((error: unknown) => {
        transport = null;
        throw error;
      });
      await (await transport).sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
    },
    close: () => void transport?.then((t) => t.close()).catch(() => undefined),
  };
}
