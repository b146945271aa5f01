import { describe, expect, it } from 'vitest';
import { simpleHtml } from '../../src/platform/mail/queue';

describe("a mail's HTML body", () => {
  it("escapes what was typed and keeps a paragraph's own line breaks", () => {
    const html = simpleHtml('Cubicle <Depot>', ['Hello Ann,', 'First line\nsecond <b>line</b>'], {
      label: 'Open the chat',
      url: 'https://shop.example/user/chat?a=1&b=2',
    });
    expect(html).toContain('<h1 style="font-size:20px">Cubicle &lt;Depot&gt;</h1>');
    expect(html).toContain(
      '<p style="margin:0 0 16px;white-space:pre-line">First line\nsecond &lt;b&gt;line&lt;/b&gt;</p>',
    );
    expect(html).toContain('href="https://shop.example/user/chat?a=1&amp;b=2"');
    expect(html).not.toContain('<b>');
  });
});
