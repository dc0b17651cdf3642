// A real SMTP server on 127.0.0.1 (smtp-server) for the tests that send mail; each message is read with
// mailparser and kept, in the order it arrived.
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  messageId: string;
  /** The List-Unsubscribe-Post header line, "" without one. */
  unsubscribe: string;
}

export interface MailServer {
  mails: ReceivedMail[];
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

export async function startMailServer(): Promise<MailServer> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS", "AUTH"], logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((m) => {
        mails.push({
          to: (Array.isArray(m.to) ? m.to[0] : m.to)?.text ?? "", subject: m.subject ?? "", text: m.text ?? "", messageId: m.messageId ?? "",
          unsubscribe: m.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line ?? "",
        });
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return {
    mails,
    url: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
