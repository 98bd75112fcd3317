"""Helpers shared by the test folders (issue 13: one package, imported as
``tests.helpers.<module>``, no ``sys.path`` edits): ``cli`` (the referee command in
process), ``live`` (paths, the referee subprocess, entry scripts from records), ``rules``
(games built trick by trick), ``club``, ``hostile``, ``web``, ``camera``, ``scenes``,
``synth`` and ``trickvideo`` (generated frames and videos), ``pgcluster`` and ``loadtest``
(PostgreSQL; also run as scripts), ``mjpeg_server`` (a script the stream tests start)."""
