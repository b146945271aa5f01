import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailQueue } from '../../src/db/schema/mail';
import { backgroundSettled } from '../../src/platform/background';
import { simpleHtml } from '../../src/platform/mail/queue';
import { createAdmin, registerCustomer } from '../support/http';
import { createTestApp, type TestApp } from '../support/test-app';
import { sendMessage } from '../modules/chat/support';

describe("a mail's HTML body", () => {
  it("escapes what was typed and keeps a paragraph's own line breaks", () => {
    const html = simpleHtml('Cubicle <Depot>', ['Hello Ann,', 'First line\nsecond <b>line</b>'], {
      label: 'Open the chat',
      url: 'https://shop.example/user/chat?a=1&b=2',
    });
    expect(html).toContain('<h1 style="font-size:20px">Cubicle &lt;Depot&gt;</h1>');
    expect(html).toMatch(
      /<p style="[^"]*white-space:pre-line[^"]*">First line\nsecond &lt;b&gt;line&lt;\/b&gt;<\/p>/,
    );
    expect(html).toContain('href="https://shop.example/user/chat?a=1&amp;b=2"');
    expect(html).not.toContain('<b>');
  });
});

/** The declarations of an inline style attribute, by property. */
const declarations = (style: string) =>
  Object.fromEntries(
    style
      .split(';')
      .filter((d) => d.includes(':'))
      .map((d) => [d.slice(0, d.indexOf(':')).trim(), d.slice(d.indexOf(':') + 1).trim()]),
  );

/**
 * The button and the link under it of a queued mail's HTML. Mail clients drop <style> blocks: only inline styles
 * count, so the markup must carry them.
 */
function actionOf(html: string) {
  expect(html).not.toContain('<style');
  const button = /<a href="([^"]+)" style="([^"]*)">([^<]*)<\/a>/.exec(html);
  expect(button, html).not.toBeNull();
  const [, href, buttonStyle, label] = button!;
  const link = new RegExp(`<p style="([^"]*)">${href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</p>`).exec(
    html,
  );
  expect(link, html).not.toBeNull();
  return { label, button: declarations(buttonStyle!), link: declarations(link![1]!) };
}

/** What keeps a wrapped label readable: a block with its own line height, no wider than the mail's body. */
function expectReadableButton(style: Record<string, string>) {
  expect(style).toMatchObject({
    display: 'inline-block',
    'max-width': '100%',
    'box-sizing': 'border-box',
    'overflow-wrap': 'anywhere',
  });
  expect(style['line-height']).toBeDefined();
}

/** A URL without spaces wraps at a phone's width instead of widening the page. */
function expectWrappingUrl(style: Record<string, string>) {
  expect(style).toMatchObject({ 'word-break': 'break-all', 'overflow-wrap': 'anywhere' });
}

describe('the HTML of the mails the shop sends, at a phone’s width', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { SHOP_INBOX: 'inbox@shop.test' } });
  });
  afterEach(async () => {
    await t.close();
  });
  const htmlOf = async (kind: string, to: string) => {
    // The reset mail is queued after the answer (its timing tells nothing about the address).
    await backgroundSettled();
    const [row] = await t.ctx.database.db
      .select({ html: mailQueue.htmlBody })
      .from(mailQueue)
      .where(and(eq(mailQueue.kind, kind), eq(mailQueue.toAddress, to)));
    expect(row?.html, `${kind} to ${to}`).toBeTruthy();
    return row!.html!;
  };

  it('the reset mail: its long link wraps, its button is a block', async () => {
    const { email } = await registerCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(200);
    const action = actionOf(await htmlOf('password_reset', email));
    expect(action.label).toBe('Reset password');
    expectReadableButton(action.button);
    expectWrappingUrl(action.link);
  });

  it('the contact mail: a long "Reply to <name>" label wraps inside its button', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        firstName: 'Maximilian Alexander',
        lastName: 'Featherstonehaugh-Worthington',
        email: 'max@example.com',
        phone: '+1 555 0100',
        message: 'See https://example.com/a/very/long/path/that/goes/on/and/on/without/any/spaces/at/all',
      },
    });
    expect(res.statusCode).toBe(200);
    const html = await htmlOf('contact_message', 'inbox@shop.test');
    const action = actionOf(html);
    expect(action.label).toBe('Reply to Maximilian Alexander Featherstonehaugh-Worthington');
    expectReadableButton(action.button);
    expectWrappingUrl(action.link);
    // A link the visitor pasted into the message wraps too.
    const message = /<p style="([^"]*)">Message:/.exec(html);
    expect(declarations(message![1]!)['overflow-wrap']).toBe('anywhere');
  });

  it('the chat mail: its "Open the chat" button and link', async () => {
    const admin = await createAdmin(t.app, t.ctx);
    const alice = await registerCustomer(t.app);
    expect((await sendMessage(t, admin.token, alice.user.id, 'Your chairs are ready')).statusCode).toBe(200);
    const action = actionOf(await htmlOf('chat_reply', alice.email));
    expect(action.label).toBe('Open the chat');
    expectReadableButton(action.button);
    expectWrappingUrl(action.link);
  });
});
