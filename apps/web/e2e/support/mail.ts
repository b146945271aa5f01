import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The server writes every mail as an .eml file into <DATA_DIR>/mail when no SMTP server is configured. */
function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set; run the journeys through playwright.config.ts');
  return path.join(dataDir, 'mail');
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function newestMailTo(recipient: string): Promise<string | null> {
  const files = await readdir(mailDir()).catch(() => [] as string[]);
  // Names start with an ISO timestamp, so the newest sorts last.
  for (const file of files
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse()) {
    const raw = await readFile(path.join(mailDir(), file), 'utf8');
    const to = /^To:\s*(.+)$/im.exec(raw)?.[1] ?? '';
    if (to.toLowerCase().includes(recipient.toLowerCase())) return decodeQuotedPrintable(raw);
  }
  return null;
}

/** Waits for the password reset mail to `email` and answers the link's path and query. */
export async function readResetLink(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = await newestMailTo(email);
        link = /Reset your password: (\S+)/.exec(mail ?? '')?.[1] ?? '';
        return link;
      },
      { message: `a password reset mail to ${email}`, timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toContain('token=');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * Waits for a mail to `email` whose text has `label: <link>` (e.g. 'Verify your e-mail address', 'Add it to your
 * account') and answers the link's path and query.
 */
export async function readMailedLink(email: string, label: string): Promise<string> {
  const pattern = new RegExp(`${label}: (\\S+)`);
  let link = '';
  await expect
    .poll(
      async () => {
        link = pattern.exec((await newestMailTo(email)) ?? '')?.[1] ?? '';
        return link;
      },
      { message: `a mail to ${email} with '${label}'`, timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toContain('token=');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
