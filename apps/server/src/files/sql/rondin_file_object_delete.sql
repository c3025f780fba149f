-- An object of the S3-compatible store whose file row goes (deleted, or moved back into the database) is queued
-- in file_object_deletions in the same transaction; the server deletes the object after the commit.
CREATE OR REPLACE FUNCTION rondin_file_object_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.storage_key IS NOT NULL AND (TG_OP = 'DELETE' OR NEW.storage_key IS DISTINCT FROM OLD.storage_key) THEN
    INSERT INTO file_object_deletions (storage_key) VALUES (OLD.storage_key);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS files_object_delete ON files;
--> statement-breakpoint
CREATE TRIGGER files_object_delete AFTER DELETE OR UPDATE OF storage_key ON files FOR EACH ROW EXECUTE FUNCTION rondin_file_object_delete();
