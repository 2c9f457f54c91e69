-- "Download my data" (issue 61): an export is written by one attempt at a time. A crashed writer
-- stops updating progress_at; the export is then started afresh (attempt + 1) instead of waiting
-- an hour for the job's expiry. started_at is null while the export waits for the disk budget.
ALTER TABLE data_exports
  ADD COLUMN attempt integer NOT NULL DEFAULT 0,
  ADD COLUMN started_at timestamptz,
  ADD COLUMN progress_at timestamptz;
CREATE INDEX data_exports_pending_idx ON data_exports (requested_at) WHERE status = 'pending';
