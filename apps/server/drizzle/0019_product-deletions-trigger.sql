-- product_deletions records each deleted product's id (modules/catalog/search-index.ts reads them with the changed
-- products), by a statement trigger on products in the transaction of the delete: a bulk delete writes its ids in
-- one statement. An id deleted again (it cannot be, ids are never reused) only moves its time.
CREATE FUNCTION product_deletions_after_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_deletions (product_id)
    SELECT o.id FROM old_rows o ORDER BY o.id
    ON CONFLICT (product_id) DO UPDATE SET deleted_at = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_deletions_after_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_deletions_after_delete();
