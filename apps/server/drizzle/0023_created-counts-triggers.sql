-- created_counts (how many customers, products and active products were created on each UTC day) is kept exact by
-- statement triggers on users and products, in the transaction of the write: a bulk insert counts its rows in one
-- pass, and an update that changes neither the role, the status nor the creation time writes nothing.

-- Adds each change ({subject, day, n}, one per subject and day) to its day's count; a day left with none loses its
-- row. Rows are written in key order, so concurrent writes lock them in the same order.
CREATE FUNCTION created_counts_apply(changes jsonb) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO created_counts AS c (subject, day, n)
    SELECT d.subject, d.day, d.n FROM jsonb_to_recordset(changes) AS d(subject text, day date, n int)
    WHERE d.n <> 0 ORDER BY d.subject, d.day
    ON CONFLICT (subject, day) DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM created_counts c USING jsonb_to_recordset(changes) AS d(subject text, day date, n int)
    WHERE c.subject = d.subject AND c.day = d.day AND c.n = 0;
END
$$;
--> statement-breakpoint
CREATE FUNCTION created_counts_users_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM created_counts_apply((SELECT jsonb_agg(t) FROM (
    SELECT 'customers' AS subject, (r.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
      FROM new_rows r WHERE r.role = 'user' GROUP BY 2) t));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION created_counts_users_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- Only accounts whose role or creation time changed: one more on the new day if a customer now, one less on the
  -- old day if a customer before.
  PERFORM created_counts_apply((SELECT jsonb_agg(t) FROM (
    WITH changed AS (
      SELECT r.role = 'user' AS now_customer, (r.created_at AT TIME ZONE 'UTC')::date AS now_day,
             o.role = 'user' AS was_customer, (o.created_at AT TIME ZONE 'UTC')::date AS was_day
        FROM new_rows r JOIN old_rows o ON o.id = r.id
        WHERE (r.role, r.created_at) IS DISTINCT FROM (o.role, o.created_at))
    SELECT 'customers' AS subject, day, sum(n)::int AS n FROM (
      SELECT now_day AS day, 1 AS n FROM changed WHERE now_customer
      UNION ALL
      SELECT was_day, -1 FROM changed WHERE was_customer) d
    GROUP BY day) t));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION created_counts_users_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM created_counts_apply((SELECT jsonb_agg(t) FROM (
    SELECT 'customers' AS subject, (o.created_at AT TIME ZONE 'UTC')::date AS day, -count(*)::int AS n
      FROM old_rows o WHERE o.role = 'user' GROUP BY 2) t));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION created_counts_users_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM created_counts WHERE subject = 'customers';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION created_counts_products_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM created_counts_apply((SELECT jsonb_agg(t) FROM (
    SELECT s.subject, d.day, count(*)::int AS n
      FROM (SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, r.status FROM new_rows r) d
      CROSS JOIN LATERAL (VALUES ('products'), (CASE WHEN d.status THEN 'active_products' END)) AS s(subject)
      WHERE s.subject IS NOT NULL GROUP BY 1, 2) t));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION created_counts_products_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- Only products whose status or creation time changed (a stock or price update costs one comparison per row).
  PERFORM created_counts_apply((SELECT jsonb_agg(t) FROM (
    WITH changed AS (
      SELECT r.status AS now_active, (r.created_at AT TIME ZONE 'UTC')::date AS now_day,
             o.status AS was_active, (o.created_at AT TIME ZONE 'UTC')::date AS was_day
        FROM new_rows r JOIN old_rows o ON o.id = r.id
        WHERE (r.status, r.created_at) IS DISTINCT FROM (o.status, o.created_at))
    SELECT subject, day, sum(n)::int AS n FROM (
      SELECT 'products' AS subject, now_day AS day, 1 AS n FROM changed
      UNION ALL
      SELECT 'products', was_day, -1 FROM changed
      UNION ALL
      SELECT 'active_products', now_day, 1 FROM changed WHERE now_active
      UNION ALL
      SELECT 'active_products', was_day, -1 FROM changed WHERE was_active) d
    GROUP BY subject, day) t));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION created_counts_products_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM created_counts_apply((SELECT jsonb_agg(t) FROM (
    SELECT s.subject, d.day, -count(*)::int AS n
      FROM (SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, o.status FROM old_rows o) d
      CROSS JOIN LATERAL (VALUES ('products'), (CASE WHEN d.status THEN 'active_products' END)) AS s(subject)
      WHERE s.subject IS NOT NULL GROUP BY 1, 2) t));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION created_counts_products_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM created_counts WHERE subject IN ('products', 'active_products');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER created_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION created_counts_users_insert();
--> statement-breakpoint
CREATE TRIGGER created_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION created_counts_users_update();
--> statement-breakpoint
CREATE TRIGGER created_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION created_counts_users_delete();
--> statement-breakpoint
CREATE TRIGGER created_counts_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION created_counts_users_truncate();
--> statement-breakpoint
CREATE TRIGGER created_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION created_counts_products_insert();
--> statement-breakpoint
CREATE TRIGGER created_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION created_counts_products_update();
--> statement-breakpoint
CREATE TRIGGER created_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION created_counts_products_delete();
--> statement-breakpoint
CREATE TRIGGER created_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION created_counts_products_truncate();
--> statement-breakpoint
-- The rows written before these triggers.
INSERT INTO created_counts (subject, day, n)
  SELECT 'customers', (u.created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM users u WHERE u.role = 'user' GROUP BY 2
  UNION ALL
  SELECT 'products', (p.created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM products p GROUP BY 2
  UNION ALL
  SELECT 'active_products', (p.created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM products p WHERE p.status GROUP BY 2;
