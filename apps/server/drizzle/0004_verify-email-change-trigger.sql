-- A verified address stays verified only while it is the account's address: any change of users.email clears
-- email_verified_at, whichever code path changes it.
CREATE OR REPLACE FUNCTION users_email_change_unverifies() RETURNS trigger AS $$
BEGIN
  IF NEW.email IS DISTINCT FROM OLD.email THEN
    NEW.email_verified_at := NULL;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_email_change_unverifies
  BEFORE UPDATE OF email ON users
  FOR EACH ROW EXECUTE FUNCTION users_email_change_unverifies();
--> statement-breakpoint
-- Admins are created by the CLI (or the seed) and their addresses are trusted.
UPDATE users SET email_verified_at = created_at WHERE role = 'admin' AND email_verified_at IS NULL;
