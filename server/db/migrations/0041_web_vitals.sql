-- Real-user measures the app reports (POST /api/vitals): which measure, of which screen, installed
-- or not, and when. Nothing that names a user, a device or an address.
CREATE TABLE web_vitals (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL,
  page        text NOT NULL,
  installed   boolean NOT NULL,
  value       double precision NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX web_vitals_recorded_at ON web_vitals (recorded_at);
