-- Comments are added, never overwritten: every comment lives in design_history (kind 'comment').
-- A design whose current comment has no history entry yet gets one, dated at the design's last change.
INSERT INTO "design_history" ("design_id", "actor_id", "kind", "body", "created_at")
SELECT d."id", NULL, 'comment', d."comments", d."updated_at"
FROM "design_submissions" d
WHERE d."comments" IS NOT NULL AND d."comments" <> ''
  AND NOT EXISTS (
    SELECT 1 FROM "design_history" h
    WHERE h."design_id" = d."id" AND h."kind" = 'comment' AND h."body" = d."comments"
  );
