// The session page (issue 14): the deal table and the chart are fetched again from the
// server whenever the session's stream says something changed. Reconnects by itself.
"use strict";
(function () {
  const body = document.body;
  let es = null;
  let pending = false;
  async function reload() {
    if (pending) return;
    pending = true;
    try {
      const r = await fetch(body.dataset.part, { cache: "no-store" });
      if (r.ok) document.getElementById("deals-part").innerHTML = await r.text();
    } finally { pending = false; }
  }
  function connect() {
    if (es) es.close();
    es = new EventSource(body.dataset.stream);
    es.addEventListener("state", (ev) => {
      const st = JSON.parse(ev.data);
      if (st.score !== undefined) {
        document.getElementById("score").textContent = st.score;
        document.getElementById("winner").textContent = st.winner;
      }
      reload();
    });
    es.addEventListener("error", () => {
      if (es.readyState === EventSource.CLOSED) setTimeout(connect, 1000);
    });
  }
  connect();
})();
