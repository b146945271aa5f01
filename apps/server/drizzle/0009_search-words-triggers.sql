-- search_words (the names' vocabulary) is kept exact by statement triggers on products, in the transaction of the
-- write: a bulk insert or update counts its rows in one pass instead of one upsert per product.

-- The words of a name as the search knows them: lower case, letters and digits, at least 3 characters, not all
-- digits, each once.
CREATE FUNCTION search_name_words(name text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(name), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3 AND w !~ '^[0-9]+$'
$$;
--> statement-breakpoint
-- Adds counts[i] products to words[i] (negative: removes); a word no active product uses any more is deleted.
-- Rows are written in word order, so concurrent writes lock them in the same order.
CREATE FUNCTION search_words_apply(words text[], counts int[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words AS s (word, products)
    SELECT d.w, d.n FROM unnest(words, counts) AS d(w, n) WHERE d.n <> 0 ORDER BY d.w
    ON CONFLICT (word) DO UPDATE SET products = s.products + excluded.products;
  DELETE FROM search_words s USING unnest(words, counts) AS d(w, n)
    WHERE s.word = d.w AND d.n < 0 AND s.products <= 0;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_after_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  ws text[];
  ns int[];
BEGIN
  SELECT array_agg(d.word), array_agg(d.n) INTO ws, ns FROM (
    SELECT w.word, count(*)::int AS n FROM new_rows r, search_name_words(r.name) AS w(word)
    WHERE r.status GROUP BY w.word) d;
  IF ws IS NOT NULL THEN PERFORM search_words_apply(ws, ns); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_after_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  ws text[];
  ns int[];
BEGIN
  -- Only rows whose name or status changed count; a stock or price update costs one comparison per row.
  SELECT array_agg(d.word), array_agg(d.n) INTO ws, ns FROM (
    SELECT w.word, sum(c.sign)::int AS n
    FROM (
      SELECT r.name, 1 AS sign FROM new_rows r JOIN old_rows o ON o.id = r.id
        WHERE r.status AND (r.name, r.status) IS DISTINCT FROM (o.name, o.status)
      UNION ALL
      SELECT o.name, -1 FROM old_rows o JOIN new_rows r ON r.id = o.id
        WHERE o.status AND (r.name, r.status) IS DISTINCT FROM (o.name, o.status)
    ) c, search_name_words(c.name) AS w(word)
    GROUP BY w.word HAVING sum(c.sign) <> 0) d;
  IF ws IS NOT NULL THEN PERFORM search_words_apply(ws, ns); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_after_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  ws text[];
  ns int[];
BEGIN
  SELECT array_agg(d.word), array_agg(-d.n) INTO ws, ns FROM (
    SELECT w.word, count(*)::int AS n FROM old_rows r, search_name_words(r.name) AS w(word)
    WHERE r.status GROUP BY w.word) d;
  IF ws IS NOT NULL THEN PERFORM search_words_apply(ws, ns); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_after_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_insert();
--> statement-breakpoint
CREATE TRIGGER search_words_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_update();
--> statement-breakpoint
CREATE TRIGGER search_words_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_delete();
--> statement-breakpoint
CREATE TRIGGER search_words_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_truncate();
--> statement-breakpoint
-- The products written before these triggers.
INSERT INTO search_words (word, products)
  SELECT w.word, count(*)::int FROM products p, search_name_words(p.name) AS w(word)
  WHERE p.status GROUP BY w.word;
