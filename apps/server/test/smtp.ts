import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** What the test's mail server decides for one message, before it answers: accept, or refuse with a reason. */
export type Verdict = { accept: true } | { accept: false; message: string; code?: number };

export interface TestMailServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Every message the server accepted (answered 250), parsed, in the order they came. */
  received: ParsedMail[];
  /** Decides each message's answer; by default every one is accepted. */
  judge: (mail: ParsedMail, session: SMTPServerSession) => Verdict | Promise<Verdict>;
  /** Resolves once `count` messages have been accepted. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the npm package smtp-server) on a free port of 127.0.0.1, without TLS or authentication,
 * that keeps what it accepted. A message counts as received only once it has been answered 250: as in SMTP,
 * one refused (or whose sender died before the answer) was never the server's.
 */
export async function startMailServer(): Promise<TestMailServer> {
  const waiters: { count: number; resolve: () => void }[] = [];
  const mailServer: TestMailServer = {
    url: '',
    received: [],
    judge: () => ({ accept: true }),
    async waitFor(count, timeoutMs = 60_000) {
      if (mailServer.received.length >= count) return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the mail server received ${mailServer.received.length} of ${count} messages`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream: SMTPServerDataStream, session, callback) {
      simpleParser(stream).then(
        async (mail) => {
          const verdict = await mailServer.judge(mail, session);
          if (!verdict.accept) {
            const error = Object.assign(new Error(verdict.message), { responseCode: verdict.code ?? 451 });
            return callback(error);
          }
          mailServer.received.push(mail);
          for (const waiter of waiters.filter((each) => mailServer.received.length >= each.count)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  mailServer.url = `smtp://127.0.0.1:${port}`;
  return mailServer;
}
