// An Elite member's own watermark: an image they uploaded or a short text, placed in a corner at
// an opacity. Their videos carry it instead of ours while the watermark switch is on.
import { sql } from 'drizzle-orm';
import { check, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const memberWatermarks = pgTable(
  'member_watermarks',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `image` (imageKey is set) or `text` (text is set). */
    kind: text().notNull(),
    /** The PNG or JPEG in storage, under the member's prefix. */
    imageKey: text(),
    text: text(),
    corner: text().notNull().default('bottom-right'),
    opacity: real().notNull().default(0.8),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('member_watermarks_kind_check', sql`${table.kind} in ('image', 'text')`),
    check(
      'member_watermarks_corner_check',
      sql`${table.corner} in ('top-left', 'top-right', 'bottom-left', 'bottom-right')`,
    ),
    check('member_watermarks_opacity_check', sql`${table.opacity} between 0.2 and 1`),
  ],
);
