-- A photo's file goes with the photo, however the photo goes: deleted on its own, or with its order's items; and
-- its thumbnail's (migration 0026) with it. On the database backend the file's bytes (file_chunks) go with its row.
CREATE OR REPLACE FUNCTION rondin_photo_file_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM files WHERE id = OLD.file_id OR id = OLD.thumbnail_file_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS photos_file_delete ON photos;
--> statement-breakpoint
CREATE TRIGGER photos_file_delete AFTER DELETE ON photos FOR EACH ROW EXECUTE FUNCTION rondin_photo_file_delete();
