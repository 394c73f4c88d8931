type Env = Record<string, string | undefined>;

/** Who e-mails come from and which mailbox staff read. */
export interface EmailConfig {
  from: string;
  staff: string;
}

/** EMAIL_FROM and STAFF_EMAIL, with local defaults that never reach a real mailbox. */
export function emailConfig(env: Env = process.env): EmailConfig {
  return {
    from: env.EMAIL_FROM?.trim() || 'Glamping Directory USA <hello@glamping-directory.local>',
    staff: env.STAFF_EMAIL?.trim() || 'staff@glamping-directory.local',
  };
}
