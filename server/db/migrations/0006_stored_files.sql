-- Files of a deleted post are removed after a short undo window; the row stays soft-deleted.
ALTER TABLE poops ADD COLUMN files_removed boolean NOT NULL DEFAULT false;
CREATE INDEX poops_deleted_files_idx ON poops (modified_date) WHERE deleted AND NOT files_removed;
-- The storage sweep asks which stored folders a row records.
CREATE INDEX poops_image_key_idx ON poops (image_key);
