import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server accepted it. */
export interface Received {
  to: string[];
  subject: string;
  /** The whole message, its quoted-printable soft line breaks and `=3D` undone: links and addresses read whole. */
  text: string;
}

/**
 * A real SMTP server in this process that can refuse mail (451 at RCPT, a temporary failure) or be stopped entirely
 * (connection refused), then recover, on the same port.
 */
export class FlakySmtp {
  refusing = false;
  readonly received: Received[] = [];
  port = 0;
  private server: SMTPServer | null = null;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (!this.refusing) return callback();
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, text });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: clients now get "connection refused". */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
