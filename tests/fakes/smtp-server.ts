import { createServer, type Server } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { FAKE_SMTP_PASSWORD, FAKE_SMTP_USER } from "./smtp-accounts";

export { FAKE_SMTP_PASSWORD, FAKE_SMTP_USER };

/**
 * A real SMTP server on loopback for the mail tests (tests/worker/jobs/mail.test.ts), plus a small
 * HTTP side door for the tests inside workerd: `GET /mails?to=<address>` answers the mails that
 * address received, parsed by mailparser (from, to, subject, text, html, the SMTP envelope).
 *
 * It requires the sign-in of tests/fakes/smtp-accounts.ts, and refuses
 * with 550 every recipient whose address starts with `refuse`, so a test can make delivery fail.
 * A recipient starting with `drop` makes it cut the connection instead of answering, as a server
 * that crashes or a network that fails mid-conversation would.
 */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Header names as received, lower-case (to check no injected Bcc). */
  headers: string[];
}

export interface FakeSmtp {
  close(): Promise<void>;
}

export async function startFakeSmtp(smtpPort: number, httpPort: number): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === FAKE_SMTP_USER && auth.password === FAKE_SMTP_PASSWORD) return callback(null, { user: auth.username });
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onRcptTo(address, session, callback) {
      if (address.address.toLowerCase().startsWith("drop")) {
        // smtp-server has no public way to hang up from a handler; its connections know their session.
        const connections = (smtp as unknown as { connections: Set<{ session?: { id: string }; _socket: { destroy(): void } }> }).connections;
        for (const c of connections) if (c.session?.id === session.id) c._socket.destroy();
        return;
      }
      if (address.address.toLowerCase().startsWith("refuse")) {
        return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(", ") : (mail.to?.text ?? "");
          received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            from: mail.from?.text ?? "",
            to,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            headers: [...mail.headers.keys()],
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(smtpPort, "127.0.0.1", () => resolve());
  });

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/mails") {
      const to = (url.searchParams.get("to") ?? "").toLowerCase();
      const mails = received.filter((m) => m.envelopeTo.some((a) => a.toLowerCase() === to));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(mails));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(httpPort, "127.0.0.1", () => resolve()));

  return {
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
