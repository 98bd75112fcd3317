// The live view of `referee serve` (issue 14): one EventSource, one `state` event per
// stored event; the page only shows what the server's engine folded. It reconnects by
// itself (EventSource retries; a closed one is opened again after a second).
"use strict";
(function () {
  const body = document.body;
  const L = JSON.parse(body.dataset.labels || "{}");
  const $ = (id) => document.getElementById(id);
  const R = (window.referee = { applied: [], seq: -1, version: 0, sid: null, connected: false });
  let es = null;

  function text(id, value) {
    const el = $(id);
    if (el.textContent !== value) el.textContent = value;
    el.hidden = !value;
  }

  function cardImg(card, cls) {
    const img = document.createElement("img");
    img.src = "/cards/" + card.id + ".svg";
    img.alt = card.text;
    img.title = card.text;
    img.className = cls || "card";
    img.dataset.card = card.id;
    return img;
  }

  function render(st) {
    $("empty").hidden = true;
    text("title", st.title);
    text("info", st.info.join("  ·  "));
    text("trump", st.trump ? st.trump.text : "");
    $("trump").classList.toggle("red", !!(st.trump && st.trump.red));
    text("badge", st.badge || "");
    text("bavyan", st.bavyan || "");
    const th = $("thirteenth");
    th.replaceChildren();
    th.hidden = !st.thirteenth;
    if (st.thirteenth) { th.append("13 "); th.append(cardImg(st.thirteenth, "mini")); }
    for (const s of st.seats) {
      const name = $("name-" + s.seat);
      const label = s.seat + (s.name ? " " + s.name : "");
      if (name.textContent !== label) name.textContent = label;
      $("seat-" + s.seat).classList.toggle("turn", s.turn);
      const slot = $("slot-" + s.seat);
      const have = slot.firstChild ? slot.firstChild.dataset.card : null;
      const want = s.card ? s.card.id : null;
      if (have !== want) slot.replaceChildren(...(s.card ? [cardImg(s.card)] : []));
    }
    text("tricks", st.tricks_text);
    text("score", st.score);
    text("seatsline", st.seats_line);
    text("time", st.time);
    text("winner", st.winner);
    text("prompt", st.over ? "" : st.prompt);
    text("hint", st.hint);
    const last = $("last");
    last.replaceChildren();
    if (st.last) {
      const row = document.createElement("div");
      row.className = "lastcards";
      for (const c of st.last.cards) {
        const cell = document.createElement("figure");
        cell.className = c.seat === st.last.winner ? "won" : "";
        const cap = document.createElement("figcaption");
        cap.textContent = c.seat;
        cell.append(cardImg(c, "mini"), cap);
        row.append(cell);
      }
      const line = document.createElement("div");
      line.className = "lasttext";
      line.textContent = st.last.text;
      last.append(row, line);
    }
    const deals = $("deals");
    deals.replaceChildren(...st.deals.filter((d) => d.done).map((d) => {
      const li = document.createElement("li");
      li.value = d.number;
      li.textContent = d.trump + "  " + d.text;
      return li;
    }));
    if (!deals.children.length) deals.append(Object.assign(document.createElement("li"),
      { textContent: L.noDeals || "", className: "none" }));
    const log = $("log");
    log.replaceChildren(...st.log.slice(-14).reverse().map((line) => {
      const li = document.createElement("li");
      li.textContent = line.trim();
      if (/^(>|\s*$)/.test(line) === false) li.className = "notice";
      return li;
    }));
    if (st.said && st.said.length > 1) {
      const flash = $("flash");
      flash.textContent = st.said[st.said.length - 1].trim();
      flash.classList.remove("show");
      void flash.offsetWidth;
      flash.classList.add("show");
    }
    $("deals-link").href = "/sessions/" + st.sid;
  }

  function apply(st) {
    if (st.empty || st.error) {
      const e = $("empty");
      e.textContent = st.message || st.error;
      e.hidden = false;
      R.applied.push({ seq: null, t: Date.now() });
      return;
    }
    if (st.sid !== R.sid || st.reset) { R.sid = st.sid; R.version = 0; }
    if (st.version <= R.version && st.sid === R.sid && !st.reset && R.seq === st.seq) return;
    R.version = st.version;
    R.seq = st.seq;
    render(st);
    R.applied.push({ seq: st.seq, sid: st.sid, t: Date.now() });
  }

  function connect() {
    if (es) es.close();
    es = new EventSource(body.dataset.stream);
    es.addEventListener("open", () => { R.connected = true; text("conn", ""); });
    es.addEventListener("state", (ev) => apply(JSON.parse(ev.data)));
    es.addEventListener("switch", () => connect());
    es.addEventListener("error", () => {
      R.connected = false;
      text("conn", L.reconnecting || "…");
      if (es.readyState === EventSource.CLOSED) setTimeout(connect, 1000);
    });
  }
  connect();
})();
