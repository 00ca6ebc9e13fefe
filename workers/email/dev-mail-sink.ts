// Local development transport (D6): prints every email and keeps it in D1 table dev_emails, listed
// newest first by GET /api/dev/emails. Only ever selected when DEV_MODE is "true".
import type { MailTransport, OutgoingEmail } from './mail-transport.ts';

/** Every http(s) URL in a text body: the sink lists them so a script can open the link. */
function extractLinks(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
}

export function devMailSink(db: D1Database): MailTransport {
  return {
    async send(email: OutgoingEmail) {
      const links = extractLinks(email.text);
      // By design the sink prints links with their tokens: it exists so a developer can open them.
      console.log(`[dev-mail-sink] to=${email.to} subject=${JSON.stringify(email.subject)}\n${email.text}`);
      await db
        .prepare('INSERT INTO dev_emails (to_addr, subject, body, links, sent_at) VALUES (?, ?, ?, ?, ?)')
        .bind(email.to, email.subject, email.text, JSON.stringify(links), Math.floor(Date.now() / 1000))
        .run();
    },
  };
}

export interface SunkEmail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: number;
}

export async function listSunkEmails(db: D1Database, to: string | undefined, limit = 50): Promise<SunkEmail[]> {
  const stmt = to
    ? db
        .prepare('SELECT * FROM dev_emails WHERE to_addr = ? ORDER BY id DESC LIMIT ?')
        .bind(to.trim().toLowerCase(), limit)
    : db.prepare('SELECT * FROM dev_emails ORDER BY id DESC LIMIT ?').bind(limit);
  const rows = await stmt.all<{ to_addr: string; subject: string; body: string; links: string; sent_at: number }>();
  return rows.results.map((r) => ({
    to: r.to_addr,
    subject: r.subject,
    text: r.body,
    links: JSON.parse(r.links) as string[],
    sent_at: r.sent_at,
  }));
}
