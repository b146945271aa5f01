-- The ids of one page of the storefront's product list (active products, newest first), in order.
-- As an ordinary prepared statement, PostgreSQL planned this page again at every run: a generic plan cannot know
-- how many rows LIMIT $1 OFFSET $2 takes, guesses a tenth of the table and costs a hash join over all products,
-- so each run got a custom plan, and planning cost more than the run itself. The plan of this one walk of the
-- (status, created_at, id) index is right whatever the page: kept per connection, in its generic form.
CREATE FUNCTION active_product_page(page_size int, page_offset int) RETURNS SETOF int
  LANGUAGE plpgsql STABLE ROWS 24
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY SELECT p.id FROM products p WHERE p.status
    ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST
    LIMIT page_size OFFSET page_offset;
END
$$;
