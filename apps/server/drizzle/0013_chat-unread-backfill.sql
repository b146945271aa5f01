-- The conversations' unread counters start from the messages already stored.
UPDATE "conversations" c SET
  "unread_for_admin" = coalesce(u.for_admin, 0),
  "unread_for_customer" = coalesce(u.for_customer, 0)
FROM (
  SELECT "conversation_id",
         count(*) FILTER (WHERE NOT "from_admin")::int AS for_admin,
         count(*) FILTER (WHERE "from_admin")::int AS for_customer
    FROM "messages" WHERE NOT "seen" GROUP BY "conversation_id"
) u
WHERE u."conversation_id" = c."id";
