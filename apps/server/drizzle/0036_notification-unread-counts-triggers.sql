-- notification_unread_counts (each user's unread notifications) is kept exact by statement triggers on
-- notifications, in the transaction of the write: marking a hundred notifications read is one write to the count,
-- and an update that changes neither the recipient nor the read time writes nothing.

-- Adds each change ({user id: n}) to its user's count; a user left with none loses the row. Rows are written in key
-- order, so concurrent writes (a customer's first message notifies every admin) lock them in the same order.
CREATE FUNCTION notification_unread_counts_apply(changes jsonb) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO notification_unread_counts AS c (user_id, unread)
    SELECT (d.key)::int, (d.value)::int FROM jsonb_each_text(changes) AS d
    WHERE (d.value)::int <> 0 ORDER BY (d.key)::int
    ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + excluded.unread;
  DELETE FROM notification_unread_counts c
    WHERE c.unread = 0 AND c.user_id IN (SELECT (d.key)::int FROM jsonb_each_text(changes) AS d);
END
$$;
--> statement-breakpoint
CREATE FUNCTION notification_unread_counts_after_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notification_unread_counts_apply((SELECT jsonb_object_agg(k, n) FROM (
    SELECT r.user_id AS k, count(*) AS n FROM new_rows r WHERE r.read_at IS NULL GROUP BY 1) t));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notification_unread_counts_after_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose recipient or read state changed: one more for the recipient if unread now, one less for the
  -- one before if unread before.
  PERFORM notification_unread_counts_apply((SELECT jsonb_object_agg(k, n) FROM (
    WITH changed AS (
      SELECT r.user_id AS now_user, r.read_at IS NULL AS now_unread,
             o.user_id AS was_user, o.read_at IS NULL AS was_unread
        FROM new_rows r JOIN old_rows o ON o.id = r.id
        WHERE (r.user_id, r.read_at IS NULL) IS DISTINCT FROM (o.user_id, o.read_at IS NULL))
    SELECT k, sum(n) AS n FROM (
      SELECT now_user AS k, 1 AS n FROM changed WHERE now_unread
      UNION ALL
      SELECT was_user, -1 FROM changed WHERE was_unread) d
    GROUP BY k) t));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notification_unread_counts_after_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notification_unread_counts_apply((SELECT jsonb_object_agg(k, -n) FROM (
    SELECT o.user_id AS k, count(*) AS n FROM old_rows o WHERE o.read_at IS NULL GROUP BY 1) t));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notification_unread_counts_after_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notification_unread_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notification_unread_counts_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_unread_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER notification_unread_counts_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_unread_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER notification_unread_counts_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_unread_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER notification_unread_counts_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notification_unread_counts_after_truncate();
--> statement-breakpoint
-- The notifications written before these triggers (the triggers above hold the table's writes until this commits).
INSERT INTO notification_unread_counts (user_id, unread)
  SELECT n.user_id, count(*)::int FROM notifications n WHERE n.read_at IS NULL GROUP BY 1;
