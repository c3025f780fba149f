import nodemailer, { type SendMailOptions } from 'nodemailer';

/** What the worker needs of nodemailer's transport, so tests can count what it was asked to send. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<unknown>;
  close(): void;
}

/**
 * SMTP_URL's transport: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), with the
 * user and password in the address. Pooled: one connection carries many emails. Timeouts are short enough
 * that a mail server that stops answering holds no send, nor a shutdown, for long.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  return nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}
