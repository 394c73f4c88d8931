/** Who e-mails come from and which mailbox staff read (AppConfig.email, src/config.ts). */
export interface EmailConfig {
  from: string;
  staff: string;
}
