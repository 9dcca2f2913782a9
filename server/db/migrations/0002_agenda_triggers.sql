-- Bumps agenda_versions whenever a row the agenda list shows changes, so the list's ETag is one primary-key read (PGlite and PostgreSQL).
-- The triggers are DEFERRABLE INITIALLY DEFERRED constraint triggers: the version row is locked only at commit, after every data row,
-- so two writers can never deadlock on (data row, version row) in opposite orders. The nil uuid is the scope of shared reference data.
CREATE FUNCTION bump_agenda_version(p uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO agenda_versions (scope, version) VALUES (p, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)
  ON CONFLICT (scope) DO UPDATE SET version = greatest(agenda_versions.version + 1, excluded.version);
$$;
--> statement-breakpoint
CREATE FUNCTION agenda_appointment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_agenda_version(OLD.service_point_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.service_point_id IS DISTINCT FROM OLD.service_point_id) THEN
    PERFORM bump_agenda_version(NEW.service_point_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- executions and execution_services: the point is the appointment's (a child never moves to another appointment's point).
CREATE FUNCTION agenda_child_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE appt uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN appt := OLD.appointment_id; ELSE appt := NEW.appointment_id; END IF;
  PERFORM bump_agenda_version(a.service_point_id) FROM appointments a WHERE a.id = appt;
  IF TG_OP = 'UPDATE' AND OLD.appointment_id IS DISTINCT FROM NEW.appointment_id THEN
    PERFORM bump_agenda_version(a.service_point_id) FROM appointments a WHERE a.id = OLD.appointment_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION agenda_own_point_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'service_points' THEN PERFORM bump_agenda_version(NEW.id); ELSE PERFORM bump_agenda_version(NEW.service_point_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION agenda_shared_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_agenda_version('00000000-0000-0000-0000-000000000000');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER agenda_appointments AFTER INSERT OR UPDATE OR DELETE ON appointments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agenda_appointment_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER agenda_executions AFTER INSERT OR UPDATE OR DELETE ON executions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agenda_child_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER agenda_execution_services AFTER INSERT OR UPDATE OR DELETE ON execution_services
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agenda_child_changed();
--> statement-breakpoint
-- Names the rows show: the point's trade name and its users' names (start/finish) belong to that point alone.
CREATE CONSTRAINT TRIGGER agenda_service_points AFTER UPDATE OF trade_name ON service_points
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agenda_own_point_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER agenda_point_users AFTER UPDATE OF name ON point_users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agenda_own_point_changed();
--> statement-breakpoint
-- Shared rows (a member, vehicle or service may appear at several points): rare edits, so one shared counter for all points.
CREATE CONSTRAINT TRIGGER agenda_members AFTER UPDATE OF name, phone, cpf ON members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agenda_shared_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER agenda_vehicles AFTER UPDATE OF plate, engine_size, year, vehicle_type, model, brand ON vehicles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agenda_shared_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER agenda_services AFTER UPDATE OF notes, price, payout ON services
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agenda_shared_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER agenda_motivations AFTER UPDATE OF description ON motivations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION agenda_shared_changed();
