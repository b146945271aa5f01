-- The postings carry the name's lexemes (search_postings.name_lexemes): the triggers of 0011 write them from now
-- on, and the postings written before are written again with them.

CREATE OR REPLACE FUNCTION search_postings_insert_for(ids int[]) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO search_postings (lexeme, product_id, rank, created_at, name_lexemes)
    SELECT l.lexeme, p.id, ts_rank(p.search_vector, quote_literal(l.lexeme)::tsquery), p.created_at,
      tsvector_to_array(p.name_vector)
    FROM products p, unnest(p.name_vector) AS l
    WHERE p.id = ANY(ids) AND p.status
    ORDER BY p.id, l.lexeme
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_postings_after_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings (lexeme, product_id, rank, created_at, name_lexemes)
    SELECT l.lexeme, r.id, ts_rank(r.search_vector, quote_literal(l.lexeme)::tsquery), r.created_at,
      tsvector_to_array(r.name_vector)
    FROM new_rows r, unnest(r.name_vector) AS l
    WHERE r.status
    ORDER BY r.id, l.lexeme;
  RETURN NULL;
END
$$;
--> statement-breakpoint
TRUNCATE search_postings;
--> statement-breakpoint
INSERT INTO search_postings (lexeme, product_id, rank, created_at, name_lexemes)
  SELECT l.lexeme, p.id, ts_rank(p.search_vector, quote_literal(l.lexeme)::tsquery), p.created_at,
    tsvector_to_array(p.name_vector)
  FROM products p, unnest(p.name_vector) AS l
  WHERE p.status;
--> statement-breakpoint
ANALYZE search_postings;
