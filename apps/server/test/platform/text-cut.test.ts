import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../src/db/schema/notifications';
import { deriveTitle } from '../../src/modules/designs/submit-design';
import { createNotifications } from '../../src/modules/notifications/service';
import { trimDescription } from '../../src/modules/seo/service';
import { nameForType, sanitizeFileName } from '../../src/platform/files/storage';
import { cutText, hasUnstorableText, wellFormed } from '../../src/platform/text-input';
import { registerCustomer } from '../support/http';
import { createTestApp } from '../support/test-app';

const EMOJI = '😀'; // two UTF-16 code units

describe('cutText', () => {
  it('leaves a text that fits as it is', () => {
    expect(cutText('abc', 3)).toBe('abc');
    expect(cutText(`ab${EMOJI}`, 4, '...')).toBe(`ab${EMOJI}`);
  });

  it('leaves out a character whose two halves the cut would part, whole', () => {
    expect(cutText(`ab${EMOJI}c`, 3)).toBe('ab');
    expect(cutText(`ab${EMOJI}c`, 4)).toBe(`ab${EMOJI}`);
    expect(cutText(`${EMOJI}c`, 1)).toBe('');
    expect(cutText(`abc${EMOJI}def`, 7, '...')).toBe('abc...');
    expect(cutText(`ab${EMOJI}defg`, 7, '...')).toBe(`ab${EMOJI}...`);
  });

  it('never answers unstorable text from storable text', () => {
    const text = `a${EMOJI}b${EMOJI}${EMOJI}c`;
    for (let max = 0; max <= text.length; max++) {
      expect(hasUnstorableText(cutText(text, max))).toBe(false);
      expect(hasUnstorableText(cutText(text, max + 3, '…'))).toBe(false);
    }
  });
});

describe('the cuts of the shop', () => {
  it('file names', () => {
    expect(sanitizeFileName(`${'a'.repeat(149)}${EMOJI}.png`)).toBe('a'.repeat(149));
    expect(nameForType(`${'a'.repeat(145)}${EMOJI}b.html`, 'png')).toBe(`${'a'.repeat(145)}.png`);
  });

  it('a title made of who sent the design', () => {
    const title = deriveTitle({
      selectedTab: 'haveDesign',
      company_name: `${'a'.repeat(149)}${EMOJI}`,
    } as Parameters<typeof deriveTitle>[0]);
    expect(title).toBe('a'.repeat(149));
  });

  it('a page description', () => {
    expect(trimDescription(`${'a'.repeat(158)}${EMOJI}bbb`)).toBe(`${'a'.repeat(158)}…`);
  });
});

describe('createNotifications', () => {
  it('stores a message holding half a surrogate pair, with U+FFFD in its place, rather than failing', async () => {
    expect(wellFormed(`a\ud83d`)).toBe('a\ufffd');
    expect(wellFormed(`a${EMOJI}\ude00b`)).toBe(`a${EMOJI}\ufffdb`);
    const t = await createTestApp();
    try {
      const customer = await registerCustomer(t.app);
      const db = t.ctx.database.db;
      const rows = await createNotifications(db, [customer.user.id], {
        type: 'design_update',
        message: `Cut through ${EMOJI.slice(0, 1)}`,
      });
      expect(rows).toHaveLength(1);
      const [stored] = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, customer.user.id));
      expect(stored!.data.message).toBe('Cut through \ufffd');
    } finally {
      await t.close();
    }
  });
});
