-- A session that ends (signed out, found expired and removed, its member deleted, deleted or expired
-- by hand) says so on the realtime channel (server/realtime/bus.ts), whichever process or tool ended
-- it: every API node hears it and drops that session's sockets.
CREATE FUNCTION "reelforge_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reelforge_realtime', json_build_object(
    'userId', OLD.user_id,
    'event', 'server:session-ended',
    'payload', json_build_object('session', OLD.id)
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_ended_on_delete" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "reelforge_session_ended"();
--> statement-breakpoint
CREATE TRIGGER "sessions_ended_on_expiry" AFTER UPDATE OF "expires_at" ON "sessions"
  FOR EACH ROW WHEN (NEW.expires_at <= now() AND OLD.expires_at > now())
  EXECUTE FUNCTION "reelforge_session_ended"();
