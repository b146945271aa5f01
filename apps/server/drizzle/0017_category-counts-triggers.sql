-- category_product_counts (the active products of each category; key 0: no category) is kept exact by statement
-- triggers on products, in the transaction of the write: a bulk insert or update counts its rows in one pass.

-- Adds each change's products to its category's count; a category left with none loses its row. Rows are written
-- in key order, so concurrent writes lock them in the same order.
CREATE FUNCTION category_counts_apply(changes jsonb) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO category_product_counts AS c (category_key, active)
    SELECT (d.key)::int, (d.value)::int FROM jsonb_each_text(changes) AS d
    WHERE (d.value)::int <> 0 ORDER BY (d.key)::int
    ON CONFLICT (category_key) DO UPDATE SET active = c.active + excluded.active;
  DELETE FROM category_product_counts c
    WHERE c.active = 0 AND c.category_key IN (SELECT (d.key)::int FROM jsonb_each_text(changes) AS d);
END
$$;
--> statement-breakpoint
CREATE FUNCTION category_counts_after_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM category_counts_apply(coalesce(
    (SELECT jsonb_object_agg(k, n) FROM (
       SELECT coalesce(r.category_id, 0) AS k, count(*) AS n FROM new_rows r WHERE r.status GROUP BY 1) t),
    '{}'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION category_counts_after_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose status or category changed (a stock or price update costs one comparison per row): one more
  -- in the new category if active now, one less in the old one if active before.
  PERFORM category_counts_apply(coalesce(
    (SELECT jsonb_object_agg(k, n) FROM (
       WITH changed AS (
         SELECT r.status AS now_active, coalesce(r.category_id, 0) AS now_key,
                o.status AS was_active, coalesce(o.category_id, 0) AS was_key
           FROM new_rows r JOIN old_rows o ON o.id = r.id
           WHERE (r.status, r.category_id) IS DISTINCT FROM (o.status, o.category_id))
       SELECT k, sum(n) AS n FROM (
         SELECT now_key AS k, 1 AS n FROM changed WHERE now_active
         UNION ALL
         SELECT was_key, -1 FROM changed WHERE was_active) d
       GROUP BY k) t),
    '{}'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION category_counts_after_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM category_counts_apply(coalesce(
    (SELECT jsonb_object_agg(k, -n) FROM (
       SELECT coalesce(o.category_id, 0) AS k, count(*) AS n FROM old_rows o WHERE o.status GROUP BY 1) t),
    '{}'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION category_counts_after_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM category_product_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER category_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER category_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION category_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER category_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION category_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER category_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION category_counts_after_truncate();
--> statement-breakpoint
-- The products written before these triggers.
INSERT INTO category_product_counts (category_key, active)
  SELECT coalesce(p.category_id, 0), count(*)::int FROM products p WHERE p.status GROUP BY 1;
