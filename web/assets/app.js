// The lapilli page: a board drawn from the board's own points and lines,
// play by clicking, computer sides, move values. Every rule comes from the
// server's API; the page keeps the game as a position text and a list of
// plies, which it mirrors in the address (/play/<game>?position=...&moves=...).

import "./study.js";
import { cycle, editing, editOccupants, initSetup } from "./setup.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const SIDES = [
  ["person", "person"], ["random", "random"], ["minimax:4", "minimax depth 4"],
  ["engine:100", "engine 100 ms"], ["engine:1000", "engine 1 s"], ["engine:10000", "engine 10 s"],
  ["perfect", "perfect"], ["perfect-variety", "perfect, with variety"],
];

// `seats` says who plays the first and the second side (in the order of
// play), kept across games whatever the sides are called.
const state = {
  game: null, board: null, start: null, moves: [], redo: [],
  pos: null, selected: [], flipped: false, seats: ["person", "minimax:4"], paused: false, ticket: 0,
};

// Who plays the side named `side` in this game: its seat's choice, or
// minimax where the choice is not offered here (perfect play on a game
// not solved).
function who(side) {
  const i = state.board ? state.board.sides.indexOf(side) : -1;
  if (i < 0) return undefined;
  const want = state.seats[i];
  return offered(want) ? want : "minimax:4";
}

function offered(value) {
  return !value.startsWith("perfect") || !!state.board.solved;
}

const persons = () => state.board.sides.some((s) => who(s) === "person");

async function api(path, body) {
  const init = body ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {};
  const r = await fetch(path, init);
  const j = await r.json();
  if (!r.ok) {
    const e = new Error(j.error ? `${j.error.kind}: ${j.error.message}` : r.statusText);
    e.kind = j.error ? j.error.kind : "http";
    // A move list refused part way: how many of its moves were played
    // before the refused one.
    if (j.error && Number.isInteger(j.error.at)) e.at = j.error.at;
    throw e;
  }
  return j;
}

function query() {
  const q = new URLSearchParams({ game: state.game });
  if (state.start) q.set("position", state.start);
  if (state.moves.length) q.set("moves", state.moves.join(" "));
  return q;
}

function syncAddress() {
  const q = new URLSearchParams();
  if (state.start) q.set("position", state.start);
  if (state.moves.length) q.set("moves", state.moves.join(" "));
  const s = q.toString();
  history.replaceState(null, "", `/play/${encodeURIComponent(state.game)}${s ? "?" + s : ""}`);
}

// The error line: the server's errors with their kind first.
function showError(e) {
  const line = $("error");
  line.textContent = e ? String(e.message || e) : "";
  line.dataset.kind = e ? e.kind || "page" : "";
}

// The position after `moves` from `start`, or the server's error.
function ask(start, moves) {
  const q = new URLSearchParams({ game: state.game });
  if (start) q.set("position", start);
  if (moves.length) q.set("moves", moves.join(" "));
  return api(`/api/position?${q}`);
}

// The game in the text fields (a pasted position and move list), checked
// by the server first: an error leaves the game as it was.
async function loadText(keepMoves = true) {
  const typed = $("start-text").value.trim();
  const start = typed && typed !== state.board.start ? typed : null;
  const moves = keepMoves ? $("moves-text").value.trim().split(/\s+/).filter(Boolean) : [];
  showError(null);
  try {
    await ask(start, moves);
  } catch (e) {
    showError(e);
    return;
  }
  Object.assign(state, { start, moves, redo: [], selected: [], paused: false });
  refresh();
}

// A move typed in the game's notation (one or several plies of the side to
// move), checked by the server first.
async function typeMove() {
  const text = $("move-input").value.trim();
  if (!text || !canPlay()) return;
  showError(null);
  let pos;
  try {
    pos = await ask(state.start, [...state.moves, text]);
  } catch (e) {
    showError(e);
    return;
  }
  Object.assign(state, { moves: pos.played, redo: [], selected: [], paused: false });
  $("move-input").value = "";
  refresh();
}

async function loadGames() {
  const { games } = await api("/api/games");
  const select = $("game");
  for (const g of games) {
    const group = document.createElement("optgroup");
    group.label = `${g.name}: ${g.about}`;
    for (const v of g.variants) {
      const o = document.createElement("option");
      o.value = v.id; o.textContent = v.title;
      group.append(o);
    }
    select.append(group);
  }
}

// The variant in the menu; one typed or linked that the menu lacks is
// added to it, under its own title.
function showInMenu(board) {
  const select = $("game");
  if (![...select.options].some((o) => o.value === board.game)) {
    let group = $("game-other");
    if (!group) {
      group = document.createElement("optgroup");
      group.id = "game-other";
      group.label = "Other variants";
      select.append(group);
    }
    const o = document.createElement("option");
    o.value = board.game; o.textContent = board.title;
    group.append(o);
  }
  select.value = board.game;
}

// Loads the game `id` from `start` (a position text, or null for the
// game's start) with `moves` played. A move list refused part way (a
// shared link with an illegal move) loads the moves before the refused one
// and says where the list stops; a position text refused loads the start.
async function loadGame(id, start, moves) {
  state.ticket++;
  showError(null);
  const board = await api(`/api/board?game=${encodeURIComponent(id)}`);
  Object.assign(state, { game: board.game, board, start: start || null, moves: moves || [], redo: [], selected: [], paused: false });
  showInMenu(board);
  $("variant").value = board.game;
  $("notation").textContent = board.notation;
  $("edit").hidden = board.setup === null;
  const sides = $("sides");
  sides.replaceChildren();
  board.sides.forEach((name, i) => {
    const label = document.createElement("label");
    label.textContent = `${name}: `;
    const sel = document.createElement("select");
    sel.id = `side-${name}`;
    sel.dataset.seat = i;
    sel.setAttribute("aria-label", `Who plays ${name} (the ${i === 0 ? "first" : "second"} player)`);
    for (const [value, text] of SIDES) {
      if (!offered(value)) continue;
      const o = document.createElement("option");
      o.value = value; o.textContent = text;
      sel.append(o);
    }
    sel.value = who(name);
    sel.onchange = () => { state.seats[i] = sel.value; state.paused = false; refresh(); };
    label.append(sel);
    sides.append(label);
  });
  let note = null;
  try {
    await ask(state.start, state.moves);
  } catch (e) {
    if ((e.kind === "move" || e.kind === "game-over") && state.moves.length) {
      const at = Math.min(e.at, state.moves.length);
      const word = at === 1 ? "move" : "moves";
      note = Object.assign(new Error(`The link's moves stop after ${at} ${word}, at "${state.moves[at]}": ${e.message}`), { kind: e.kind });
      state.moves = state.moves.slice(0, at);
    } else if (e.kind === "position" && state.start) {
      note = Object.assign(new Error(`The link's position is not loaded (the start is shown): ${e.message}`), { kind: e.kind });
      Object.assign(state, { start: null, moves: [] });
    } else {
      throw e;
    }
    // The board waits at the prefix: a computer side moves on Resume.
    state.paused = true;
  }
  await refresh();
  if (note) showError(note);
}

async function refresh() {
  const ticket = ++state.ticket;
  setState("loading");
  let pos;
  try {
    pos = await api(`/api/position?${query()}`);
  } catch (e) {
    if (ticket === state.ticket) { showError(e); setState("error"); }
    return;
  }
  if (ticket !== state.ticket) return;
  showError(null);
  state.pos = pos;
  state.moves = pos.played;
  syncAddress();
  render();
  const player = who(pos.side_to_move);
  if (!pos.game_over && player && player !== "person" && !state.paused) {
    setState("thinking");
    try {
      const ai = await api("/api/ai", { game: state.game, position: state.start, moves: state.moves.join(" "), side: player });
      if (ticket !== state.ticket) return;
      play(ai.best);
    } catch (e) {
      if (ticket === state.ticket) { showError(e); setState("error"); }
    }
  }
}

// What the page waits for, on the status line (for the eye and for
// tests): `loading` (the position is asked for), `editing` (a set-up), `over`, `thinking` (a
// computer side chooses), `paused` (after undo or redo, a computer side
// waits for Resume), `person` (a person's move) or `error`.
function setState(s) {
  const status = $("status");
  status.dataset.state = s;
  status.classList.toggle("thinking", s === "thinking");
  $("resume").hidden = s !== "paused";
}

function play(text) {
  state.moves.push(text);
  state.redo = [];
  state.selected = [];
  state.paused = false;
  refresh();
}

// Undo takes back plies until a person is to move (two plies against a
// computer; one when nobody or everybody is a person); Redo plays the
// plies taken back again, one at a time. After either, a computer side to
// move waits for Resume.
async function undo() {
  if (!state.moves.length || editing()) return;
  const ticket = ++state.ticket;
  const moves = [...state.moves], redo = [...state.redo];
  let pos = null;
  try {
    do {
      redo.push(moves.pop());
      if (!persons()) break;
      pos = await ask(state.start, moves);
      if (ticket !== state.ticket) return;
    } while (moves.length && who(pos.side_to_move) !== "person");
  } catch (e) {
    showError(e);
    return;
  }
  Object.assign(state, { moves, redo, paused: true, selected: [] });
  refresh();
}

function redo() {
  const r = state.redo.pop();
  if (r === undefined || editing()) return;
  state.moves.push(r);
  state.paused = true;
  state.selected = [];
  refresh();
}

// Resume after undo, redo or a link's error: the computer side to move
// plays.
function resume() {
  state.paused = false;
  showError(null);
  refresh();
}

function valueWords(m) {
  if (!m.value) return "";
  return m.plies != null ? `${m.value} in ${m.plies}` : m.value;
}

// The moves whose points begin with the selected points.
function candidates(selected) {
  return state.pos.moves.filter((m) => selected.every((p, i) => m.points[i] === p) && m.points.length > selected.length - 1);
}

// Whether a person may play now: not while a set-up is edited, nor while
// the position is asked for or a computer side chooses its move (a
// click then would play the computer's move for it).
function canPlay() {
  const now = $("status").dataset.state;
  return !editing() && state.pos && !state.pos.game_over && now !== "thinking" && now !== "loading";
}

function clickPoint(p) {
  if (editing()) { cycle(p); render(); return; }
  if (!canPlay()) return;
  let sel = [...state.selected, p];
  let cands = candidates(sel).filter((m) => m.points.length >= sel.length);
  if (!cands.length) { sel = [p]; cands = candidates(sel); }
  if (!cands.length) { state.selected = []; render(); return; }
  const exact = cands.filter((m) => m.points.length === sel.length);
  if (exact.length === 1) { play(exact[0].move); return; }
  // A piece and its target chosen, one move left: its other points (the
  // captures) follow from the rules.
  if (cands.length === 1 && sel.length >= 2) { play(cands[0].move); return; }
  state.selected = sel;
  render();
}

function render() {
  const { board, pos } = state;
  const svg = $("board");
  const xs = board.points.map((p) => p.x), ys = board.points.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const at = (p) => {
    const q = board.points[p];
    const x = state.flipped ? x1 + x0 - q.x : q.x, y = state.flipped ? y1 + y0 - q.y : q.y;
    return [x - x0, y1 - y];
  };
  const pad = 0.7;
  svg.setAttribute("viewBox", `${-pad} ${-pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`);
  svg.replaceChildren();
  const el = (name, attrs, parent = svg) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    parent.append(e);
    return e;
  };
  for (const line of board.lines) {
    el("polyline", { class: "line", points: line.map((p) => at(p).join(",")).join(" ") });
  }
  const edit = editing();
  const occupants = edit ? editOccupants() : pos.occupants;
  const next = new Set();
  // The targets, while a person may play (not while a computer side thinks).
  const player = who(pos.side_to_move);
  const thinking = player !== "person" && !state.paused;
  if (!pos.game_over && !edit && !thinking) for (const m of candidates(state.selected)) if (m.points.length > state.selected.length) next.add(m.points[state.selected.length]);
  const last = new Set(pos.last_move && !edit ? pos.last_move.points : []);
  const won = !edit && Array.isArray(pos.winning_line) ? pos.winning_line : [];
  const name = (i) => board.points[i].name;
  // Below the pieces: the points and their names; then the pieces; above
  // them the marks (the last move dashed, the winning line, the rings of
  // the selected points and of the targets: a piece that may be taken gets
  // a red ring), then the points' click targets.
  board.points.forEach((pt, i) => {
    const [x, y] = at(i);
    el("circle", { class: next.has(i) ? "point target" : "point", cx: x, cy: y, r: 0.08 });
    el("text", { class: "label", x: x + 0.26, y: y + 0.46 }).textContent = pt.name;
  });
  board.points.forEach((pt, i) => {
    const o = occupants[i];
    if (o) el("circle", { class: `piece ${o.side} ${o.kind}`, cx: at(i)[0], cy: at(i)[1], r: 0.32, "data-at": pt.name });
  });
  for (const i of last) el("circle", { class: "last", cx: at(i)[0], cy: at(i)[1], r: 0.43, "data-for": name(i) });
  if (won.length) {
    el("polyline", { class: "win-line", points: won.map((p) => at(p).join(",")).join(" "), "data-points": won.map(name).join(" ") });
    for (const i of won) el("circle", { class: "ring win", cx: at(i)[0], cy: at(i)[1], r: 0.38, "data-for": name(i) });
  }
  const ring = new Map();
  for (const i of next) {
    const o = occupants[i];
    ring.set(i, !o ? "target empty" : o.side === pos.side_to_move ? "target own" : "target removable");
  }
  for (const i of state.selected) ring.set(i, "selected");
  for (const [i, kind] of ring) {
    const small = kind === "target empty";
    el("circle", { class: `ring ${kind}`, cx: at(i)[0], cy: at(i)[1], r: small ? 0.15 : 0.39, "data-for": name(i) });
  }
  board.points.forEach((pt, i) => {
    const [x, y] = at(i);
    const o = occupants[i];
    const hit = el("circle", { class: "hit", cx: x, cy: y, r: 0.45, tabindex: 0, role: "button", "data-point": pt.name, "data-piece": o ? `${o.side} ${o.kind}` : "" });
    const what = o ? `${o.side} ${o.kind}` : "empty";
    const kind = ring.get(i);
    const mark = kind === "target removable" ? ", may be taken" : kind && kind.startsWith("target") ? ", a target" : kind === "selected" ? ", selected" : "";
    const more = `${mark}${last.has(i) ? ", last move" : ""}${won.includes(i) ? ", on the winning line" : ""}`;
    hit.setAttribute("aria-label", `point ${pt.name}, ${what}${more}`);
    hit.setAttribute("aria-pressed", state.selected.includes(i) ? "true" : "false");
    hit.addEventListener("click", () => clickPoint(i));
    hit.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); clickPoint(i); } });
  });
  const value = pos.value ? ` (${valueWords(pos)} for ${pos.side_to_move})` : "";
  const line = won.length ? ` (the winning line: ${won.map(name).join(" ")})` : "";
  $("status").textContent = pos.game_over ? `Game over: ${pos.game_over}${line}` : `${pos.prompt}${value}`;
  setState(pos.game_over ? "over" : player === "person" ? "person" : state.paused ? "paused" : "thinking");
  if (edit) { $("status").textContent = "Editing: click a point to change what stands there"; setState("editing"); }
  const legal = $("legal");
  legal.replaceChildren();
  for (const m of pos.moves) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = m.value ? `${m.move} ${valueWords(m)}` : m.move;
    b.dataset.move = m.move;
    b.dataset.points = m.points.map((p) => board.points[p].name).join(" ");
    if (m.value) b.dataset.value = m.value;
    if (m.value) b.className = m.value;
    b.setAttribute("aria-label", `play ${m.move}${m.value ? ", " + valueWords(m) + " for the mover" : ""}`);
    b.onclick = () => { if (canPlay()) play(m.move); };
    li.append(b);
    legal.append(li);
  }
  const hist = $("history");
  hist.replaceChildren();
  pos.played.forEach((t, i) => {
    const li = document.createElement("li");
    li.dataset.move = t;
    const n = document.createElement("span");
    n.className = "ply";
    n.textContent = `${i + 1}.`;
    li.append(n, ` ${t}`);
    hist.append(li);
  });
  $("diagram").textContent = pos.diagram;
  $("position-text").textContent = pos.position;
  const field = (id, text) => { if (document.activeElement !== $(id)) $(id).value = text; };
  field("start-text", state.start || board.start);
  field("moves-text", pos.played.join(" "));
  $("move-input").disabled = !!pos.game_over;
  $("undo").disabled = !state.moves.length;
  $("redo").disabled = !state.redo.length;
  document.dispatchEvent(new CustomEvent("lapilli:position", { detail: { game: state.game, start: state.start, moves: state.moves, pos, board } }));
}

function fromAddress() {
  const m = location.pathname.match(/^\/play\/(.+)$/);
  const q = new URLSearchParams(location.search);
  const moves = (q.get("moves") || "").split(/\s+/).filter(Boolean);
  return [m ? decodeURIComponent(m[1]) : null, q.get("position"), moves];
}

async function main() {
  $("new").onclick = () => loadGame(state.game).catch(showError);
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("resume").onclick = resume;
  $("flip").onclick = () => { state.flipped = !state.flipped; render(); };
  initSetup({
    state, api, render, showError,
    // A game from a set-up's position text.
    startFrom: (text) => {
      Object.assign(state, { start: text, moves: [], redo: [], selected: [], paused: false });
      refresh();
    },
  });
  // After a solve: the board again (its perfect sides are offered once
  // the game is solved), the game and its undo history kept.
  document.addEventListener("lapilli:refresh", async () => {
    const { redo } = state;
    await loadGame(state.game, state.start, state.moves);
    state.redo = redo;
    $("redo").disabled = !redo.length;
  });
  $("game").onchange = () => loadGame($("game").value).catch(showError);
  $("text-form").onsubmit = (e) => { e.preventDefault(); loadText(); };
  // A pasted position starts a game from it; pasted moves are played from
  // the start position shown.
  $("start-text").addEventListener("paste", () => setTimeout(() => loadText(false)));
  $("moves-text").addEventListener("paste", () => setTimeout(() => loadText()));
  $("moves-text").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); loadText(); }
  });
  $("move-form").onsubmit = (e) => { e.preventDefault(); typeMove(); };
  $("variant").onchange = () => loadGame($("variant").value.trim()).catch(showError);
  try {
    await loadGames();
    const [id, position, moves] = fromAddress();
    const first = $("game").value;
    try {
      await loadGame(id || first, position, moves);
    } catch (e) {
      // An unknown game (or an option that does not fit it) in the
      // address: the error, over the first game of the menu.
      if (!id || id === first) throw e;
      await loadGame(first);
      showError(e);
    }
  } catch (e) {
    showError(e);
  }
}

main();
