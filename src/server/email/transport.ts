import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailSetting } from '../../config';
import { printable } from '../../domain/text';

/** One message ready to send. */
export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe); nodemailer folds and encodes them. */
  headers?: Record<string, string>;
}

/** Delivers mail; rejects when the message was not accepted (the outbox then retries). */
export interface MailTransport {
  send(mail: Mail): Promise<void>;
  /** Where mail goes, for logs ("SMTP host:port" or the outbox folder). */
  readonly description: string;
}

/** SMTP through nodemailer (D25); bounded timeouts so a stuck server cannot hold a function. */
export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  // Timeouts ride in the URL options so nodemailer parses the rest (auth, secure) from the URL as usual.
  for (const [key, ms] of [
    ['connectionTimeout', 10_000],
    ['greetingTimeout', 10_000],
    ['socketTimeout', 20_000],
  ] as const)
    if (!parsed.searchParams.has(key)) parsed.searchParams.set(key, String(ms));
  const transporter = nodemailer.createTransport(parsed.href);
  return {
    description: `SMTP ${parsed.hostname}:${parsed.port || 'default port'}`,
    async send(mail) {
      await transporter.sendMail({ ...mail, disableFileAccess: true, disableUrlAccess: true });
    },
  };
}

/** Writes each message as an .eml file into `dir` and logs its path (D25: readable without a mail server). */
export function fileTransport(dir: string, log: (line: string) => void = console.log): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = path.resolve(dir);
  let counter = 0;
  return {
    description: `files in ${folder}`,
    async send(mail) {
      const info = await builder.sendMail({ ...mail, disableFileAccess: true, disableUrlAccess: true });
      // Messages hold owners' contacts: the folder is its owner's alone (a folder made before may be wider).
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await chmod(folder, 0o700);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      counter += 1;
      const file = path.join(
        folder,
        `${stamp}-${process.pid}-${counter}-${crypto.randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log(`E-mail to ${printable(mail.to)} written to ${file}`);
    },
  };
}

/** The transport of the configured mail setting: SMTP, or (locally only, never in production) .eml files. */
export function mailTransport(setting: MailSetting, log?: (line: string) => void): MailTransport {
  return setting.kind === 'smtp' ? smtpTransport(setting.url) : fileTransport(setting.dir, log);
}
