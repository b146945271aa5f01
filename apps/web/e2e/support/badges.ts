import type { Locator } from '@playwright/test';
import { sql } from './accounts';

/** `count` notifications for a customer, "Update 1" the oldest: the list shows the newest first. */
export async function notifyMany(userId: number, count: number) {
  await sql(
    `insert into notifications (user_id, type, data, created_at)
     select $1, 'design_update',
            jsonb_build_object('type', 'design_update', 'message', 'Update ' || n),
            now() - make_interval(mins => $2 - n)
     from generate_series(1, $2) as n`,
    [userId, count],
  );
}

/** How far right of the icon's left edge the 99+ badge of a bell or bar link starts. */
export async function badgeStart(link: Locator): Promise<{ offset: number; iconWidth: number }> {
  const icon = (await link.locator('svg').first().boundingBox())!;
  const badge = (await link.getByText('99+').boundingBox())!;
  return { offset: badge.x - icon.x, iconWidth: icon.width };
}
