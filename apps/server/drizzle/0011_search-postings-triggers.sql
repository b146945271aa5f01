-- search_postings (the name index in rank order) is kept exact by statement triggers on products, in the
-- transaction of the write, like search_words: one row per active product and lexeme of its name_vector, with
-- ts_rank(search_vector, lexeme) and created_at, the keys the search orders by.

-- The postings of some products as they are now (the active ones among the ids given).
CREATE FUNCTION search_postings_insert_for(ids int[]) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO search_postings (lexeme, product_id, rank, created_at)
    SELECT l.lexeme, p.id, ts_rank(p.search_vector, quote_literal(l.lexeme)::tsquery), p.created_at
    FROM products p, unnest(p.name_vector) AS l
    WHERE p.id = ANY(ids) AND p.status
    ORDER BY p.id, l.lexeme
$$;
--> statement-breakpoint
CREATE FUNCTION search_postings_after_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings (lexeme, product_id, rank, created_at)
    SELECT l.lexeme, r.id, ts_rank(r.search_vector, quote_literal(l.lexeme)::tsquery), r.created_at
    FROM new_rows r, unnest(r.name_vector) AS l
    WHERE r.status
    ORDER BY r.id, l.lexeme;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_postings_after_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  ids int[];
BEGIN
  -- Only rows whose words, rank or date may have changed: a stock or price update costs one comparison per row.
  SELECT array_agg(r.id ORDER BY r.id) INTO ids FROM new_rows r JOIN old_rows o ON o.id = r.id
    WHERE (r.name, r.sku, r.description, r.status, r.created_at)
      IS DISTINCT FROM (o.name, o.sku, o.description, o.status, o.created_at);
  IF ids IS NOT NULL THEN
    DELETE FROM search_postings s WHERE s.product_id = ANY(ids);
    PERFORM search_postings_insert_for(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_postings_after_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings s USING old_rows o WHERE s.product_id = o.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_postings_after_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_postings_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_after_insert();
--> statement-breakpoint
CREATE TRIGGER search_postings_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_after_update();
--> statement-breakpoint
CREATE TRIGGER search_postings_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_after_delete();
--> statement-breakpoint
CREATE TRIGGER search_postings_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION search_postings_after_truncate();
--> statement-breakpoint
-- The products written before these triggers.
INSERT INTO search_postings (lexeme, product_id, rank, created_at)
  SELECT l.lexeme, p.id, ts_rank(p.search_vector, quote_literal(l.lexeme)::tsquery), p.created_at
  FROM products p, unnest(p.name_vector) AS l
  WHERE p.status;
--> statement-breakpoint
-- The planner's statistics of the filled table (the word frequencies the one-word search's plan depends on).
ANALYZE search_postings;
