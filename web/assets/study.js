// The study panel of the lapilli page: engine analysis streamed while it
// thinks (and stopped), the Solve button with the build's progress, the
// value history of the game with its mistakes, and the evaluation
// breakdown for the games whose heuristic is a sum of line patterns.
// app.js tells it the game with a "lapilli:position" event on document
// (detail: {game, start, moves, pos, board}); it asks app.js to reload the
// position with "lapilli:refresh" once a solve has finished. Everything
// shown comes from the server's API; no rule is written here.

const STYLE = `
#study h2 { margin-bottom: .2em; }
#study .row { display: flex; flex-wrap: wrap; gap: .4em; align-items: center; }
#study .figures { font-family: ui-monospace, monospace; font-size: .9em; white-space: pre-wrap; margin: .3em 0; }
#study ol.values { padding-left: 2.2em; margin: .2em 0; }
#study ol.values li.mistake { color: #b00020; font-weight: bold; }
#study table { border-collapse: collapse; font-size: .9em; }
#study td, #study th { padding: .1em .5em; text-align: left; }
#study td.plus { color: #1b5e20; } #study td.minus { color: #b00020; }
#study progress { width: 12em; }
`;

const WORDS = { win: "win", draw: "draw", loss: "loss" };
const RANK = { loss: 0, draw: 1, win: 2 };

let current = null; // the last position event's detail
let analysis = null; // {controller} of the running analysis
let ticket = 0;

const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v; else if (k.startsWith("on")) e[k] = v; else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
};

function query(extra = {}) {
  const q = new URLSearchParams({ game: current.game });
  if (current.start) q.set("position", current.start);
  if (current.moves.length) q.set("moves", current.moves.join(" "));
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q;
}

async function getJson(path) {
  const r = await fetch(path);
  const j = await r.json();
  if (!r.ok) throw Object.assign(new Error(j.error ? `${j.error.kind}: ${j.error.message}` : r.statusText), { kind: j.error && j.error.kind });
  return j;
}

// Reads a server-sent event stream from fetch: calls onEvent(name, data)
// per event; an error answer (4xx, 503) is thrown with its message.
async function stream(path, signal, onEvent) {
  const r = await fetch(path, { signal, headers: { accept: "text/event-stream" } });
  if (!r.ok) {
    const j = await r.json().catch(() => ({}));
    throw new Error(j.error ? `${j.error.kind}: ${j.error.message}` : r.statusText);
  }
  const reader = r.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message", data = "";
      for (const line of frame.split("\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trimStart();
      }
      if (data) onEvent(name, JSON.parse(data));
    }
  }
}

function build(root) {
  root.replaceChildren(
    el("h2", { text: "Analysis" }),
    el("div", { class: "row" },
      el("button", { id: "study-analyse", text: "Analyse", "aria-label": "Start the engine's analysis of this position", onclick: startAnalysis }),
      el("button", { id: "study-stop", text: "Stop", disabled: "", "aria-label": "Stop the analysis", onclick: () => stopAnalysis("stopped") }),
      el("label", { text: "for " }, el("select", { id: "study-time", "aria-label": "Analysis time" },
        ...[["5000", "5 s"], ["15000", "15 s"], ["60000", "60 s"]].map(([v, t]) => el("option", { value: v, text: t }))))),
    el("p", { id: "study-analysis", class: "figures", role: "status", "aria-live": "polite" }),
    el("div", { id: "study-solve-box" },
      el("h2", { text: "Solve" }),
      el("div", { class: "row" },
        el("button", { id: "study-solve", text: "Solve", "aria-label": "Solve this game", onclick: solve }),
        el("progress", { id: "study-progress", hidden: "", "aria-label": "Solve progress" })),
      el("p", { id: "study-solution", class: "figures", role: "status", "aria-live": "polite" })),
    el("h2", { text: "Value history" }),
    el("p", { id: "study-mistakes" }),
    el("ol", { id: "study-values", class: "values", "aria-label": "The solved value before and after each ply" }),
    el("section", { id: "study-eval-box", hidden: "" },
      el("h2", { text: "Evaluation" }),
      el("p", { id: "study-eval-total" }),
      el("table", { id: "study-eval", "aria-label": "The lines that score" })),
  );
}

const $ = (id) => document.getElementById(id);

function stopAnalysis(why) {
  if (!analysis) return;
  analysis.controller.abort();
  analysis = null;
  $("study-analyse").disabled = false;
  $("study-stop").disabled = true;
  if (why) $("study-analysis").textContent += `\n(${why})`;
}

function showAnalysis(j, done) {
  if (j.game_over) { $("study-analysis").textContent = `game over: ${j.game_over}`; return; }
  const end = done ? `\nended: ${j.stop_reason}` : "";
  $("study-analysis").textContent =
    `depth ${j.depth}  score ${j.score_text}  best ${j.best}\npv ${j.pv.join(" ")}\n` +
    `nodes ${j.nodes}  ${Math.round(j.nps / 1000)} kN/s  ${(j.millis / 1000).toFixed(1)} s${end}`;
}

async function startAnalysis() {
  if (!current) return;
  stopAnalysis(null);
  const controller = new AbortController();
  const mine = { controller };
  analysis = mine;
  $("study-analyse").disabled = true;
  $("study-stop").disabled = false;
  $("study-analysis").textContent = "thinking...";
  try {
    await stream(`/api/analysis?${query({ movetime: $("study-time").value })}`, controller.signal, (name, j) => {
      if (name === "error") throw new Error(`${j.error.kind}: ${j.error.message}`);
      showAnalysis(j, name === "done");
    });
  } catch (e) {
    if (e.name !== "AbortError") $("study-analysis").textContent = String(e.message || e);
  }
  if (analysis === mine) { analysis = null; $("study-analyse").disabled = false; $("study-stop").disabled = true; }
}

function counts(c) { return `${c.total} (win ${c.win}, loss ${c.loss}, draw ${c.draw})`; }

async function solve() {
  if (!current) return;
  const game = current.game;
  const bar = $("study-progress"), out = $("study-solution");
  $("study-solve").disabled = true;
  bar.hidden = false;
  bar.removeAttribute("value");
  out.textContent = "solving...";
  try {
    await stream(`/api/solve?game=${encodeURIComponent(game)}`, undefined, (name, j) => {
      if (name === "progress") {
        bar.max = j.entries || 1;
        bar.value = j.done;
        out.textContent = `building tier ${j.tier} (${j.tiers_done} tiers done), ${(j.millis / 1000).toFixed(1)} s`;
      } else if (name === "solved") {
        const dtm = j.plies != null ? ` in ${j.plies} plies` : "";
        out.textContent =
          `${j.variant}\nvalue of the start for the first player: ${j.value}${dtm}\n` +
          `reachable positions: ${counts(j.reachable)}\n` +
          (j.movement ? `movement phase: ${counts(j.movement)}\n` : "") +
          `orbits: ${j.orbits} under ${j.automorphisms} automorphisms, ${(j.millis / 1000).toFixed(2)} s\n` +
          `perfect line: ${j.principal_variation.join(" ")}`;
        // The game again with its values: the history is asked anew.
        current = null;
        document.dispatchEvent(new CustomEvent("lapilli:refresh"));
      } else if (name === "error") {
        throw new Error(`${j.error.kind}: ${j.error.message}`);
      }
    });
  } catch (e) {
    out.textContent = String(e.message || e);
  }
  bar.hidden = true;
  $("study-solve").disabled = false;
}

function valueWords(v, plies) {
  if (!v) return "?";
  return plies != null ? `${WORDS[v]} in ${plies}` : WORDS[v];
}

async function showHistory(mine) {
  const list = $("study-values"), note = $("study-mistakes");
  let h;
  try {
    h = await getJson(`/api/history?${query()}`);
  } catch (e) {
    if (mine === ticket) { list.replaceChildren(); note.textContent = String(e.message || e); }
    return;
  }
  if (mine !== ticket) return;
  list.replaceChildren();
  if (!h.solved) { note.textContent = "No solution or tablebase covers this game here: solve it for values."; return; }
  note.textContent = h.plies.length
    ? (h.mistakes.length ? `Mistakes (the value dropped for the mover): plies ${h.mistakes.join(", ")}` : "No mistakes so far.")
    : "No plies played yet.";
  for (const p of h.plies) {
    const before = valueWords(p.value_before, p.plies_before), after = valueWords(p.value_after, p.plies_after);
    const li = el("li", { text: `${p.side} ${p.move}: ${before} \u2192 ${after}${p.mistake ? "  (mistake)" : ""}` });
    if (p.mistake) li.className = "mistake";
    else if (p.value_before && p.value_after && RANK[p.value_after] === RANK[p.value_before]) li.className = "kept";
    list.append(li);
  }
}

// The evaluation breakdown, asked only where the board says the game has
// one (`board.evaluation`).
async function showEval(mine, board) {
  const box = $("study-eval-box");
  if (!board.evaluation) { box.hidden = true; return; }
  let j;
  try {
    j = await getJson(`/api/eval?${query()}`);
  } catch (e) {
    if (mine === ticket) box.hidden = true;
    return;
  }
  if (mine !== ticket) return;
  box.hidden = false;
  const sign = (n) => (n > 0 ? `+${n}` : `${n}`);
  $("study-eval-total").textContent = `Overall score ${sign(j.total)}, evaluating for ${j.side} (the seed's heuristic: +500 a threat, +10 a potential, the same negative for the opponent's)`;
  const table = $("study-eval");
  table.replaceChildren(el("tr", {}, ...["line", "pattern", "own/opp/empty", "points"].map((t) => el("th", { text: t }))));
  if (!j.terms.length) {
    table.replaceChildren(el("tr", {}, el("td", { id: "study-eval-none", text: "No line scores yet: no line holds a threat or a potential for either side." })));
  }
  for (const t of j.terms) {
    table.append(el("tr", {},
      el("td", { text: t.line.join("-") }), el("td", { text: t.kind }),
      el("td", { text: `${t.own}/${t.opponent}/${t.empty}` }),
      el("td", { text: sign(t.score), class: t.score > 0 ? "plus" : "minus" })));
  }
}

// The Solve button and its report, shown where solving applies
// (`board.solvable`).
function showSolve(board) {
  $("study-solve-box").hidden = !board.solvable;
}

function onPosition(detail) {
  showSolve(detail.board);
  const same = current && current.game === detail.game && current.start === detail.start &&
    current.moves.join(" ") === detail.moves.join(" ");
  current = { game: detail.game, start: detail.start, moves: [...detail.moves] };
  if (same) return;
  if (analysis) stopAnalysis("the position changed");
  const mine = ++ticket;
  showHistory(mine);
  showEval(mine, detail.board);
}

export function attach(root) {
  if (!root) return;
  document.head.append(el("style", { text: STYLE }));
  build(root);
  document.addEventListener("lapilli:position", (e) => onPosition(e.detail));
}

attach(document.getElementById("study"));
