-- Issue 25 (decision P-LIM4): the login and registration throttles moved into Durable Objects (AttemptLog, one per
-- client IP and per e-mail hash), so a refused attempt writes nothing to D1. Their tables' rows were transient (15
-- minutes and an hour) and are not carried over: for at most that long after the deploy, an address may get its
-- attempts again once.
DROP TABLE IF EXISTS login_attempts;
DROP TABLE IF EXISTS registration_attempts;
