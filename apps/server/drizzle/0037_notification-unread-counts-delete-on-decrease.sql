-- notification_unread_counts_apply (0036) looked for rows left at 0 after every change; only a user whose count went
-- down can be left at 0, so new notifications (the chat's hot path) no longer run that statement.
CREATE OR REPLACE FUNCTION notification_unread_counts_apply(changes jsonb) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO notification_unread_counts AS c (user_id, unread)
    SELECT (d.key)::int, (d.value)::int FROM jsonb_each_text(changes) AS d
    WHERE (d.value)::int <> 0 ORDER BY (d.key)::int
    ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + excluded.unread;
  IF EXISTS (SELECT FROM jsonb_each_text(changes) AS d WHERE (d.value)::int < 0) THEN
    DELETE FROM notification_unread_counts c
      WHERE c.unread = 0
        AND c.user_id IN (SELECT (d.key)::int FROM jsonb_each_text(changes) AS d WHERE (d.value)::int < 0);
  END IF;
END
$$;
