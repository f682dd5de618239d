// Position set-up by clicking: while "Edit position" is on, a click on a
// point cycles what stands there (empty, each side's piece, each side's
// Dux where the variant has one); "Done" sends the set-up to /api/setup,
// where the game's rules crate checks it, and starts a game from the
// position text it returns, or shows the typed error; "Cancel" restores.

const $ = (id) => document.getElementById(id);

// The set-up being edited, or null: `occupants` as /api/position gives
// them, `kinds` the kinds of piece the cycle goes through.
let edit = null;
let hooks = null;

/** Whether the board is being edited. */
export function editing() {
  return edit !== null;
}

/** What the board shows while editing. */
export function editOccupants() {
  return edit.occupants;
}

/** A click on point `p` while editing: the next occupant in the cycle. */
export function cycle(p) {
  const sides = hooks.state.board.sides;
  const cycleOf = [null];
  for (const kind of edit.kinds) for (const side of sides) cycleOf.push({ side, kind });
  const now = edit.occupants[p];
  const i = cycleOf.findIndex((o) => (o === null ? now === null : now && o.side === now.side && o.kind === now.kind));
  edit.occupants[p] = cycleOf[(i + 1) % cycleOf.length];
}

function option(select, value) {
  const o = document.createElement("option");
  o.value = value; o.textContent = value;
  select.append(o);
}

function number(id, label) {
  const l = document.createElement("label");
  l.textContent = `${label} `;
  const input = document.createElement("input");
  Object.assign(input, { id, type: "number", min: 0, max: 99, value: 0 });
  input.setAttribute("aria-label", label);
  l.append(input);
  return l;
}

function begin() {
  const { state } = hooks;
  if (!state.pos || state.board.setup === null) return;
  state.ticket++;
  state.paused = true;
  // What the board says a set-up holds: the kinds of piece, pieces in
  // hand, a pending removal.
  const setup = state.board.setup;
  edit = {
    occupants: state.pos.occupants.map((o) => (o ? { side: o.side, kind: o.kind } : null)),
    kinds: setup.kinds,
  };
  const panel = $("setup-panel");
  const side = $("setup-side");
  side.replaceChildren();
  for (const s of state.board.sides) option(side, s);
  side.value = state.pos.side_to_move;
  const hand = $("setup-hand");
  hand.replaceChildren();
  if (setup.in_hand) {
    for (const s of state.board.sides) hand.append(number(`setup-hand-${s}`, `${s} in hand`));
  }
  if (setup.removal) {
    const l = document.createElement("label");
    const box = document.createElement("input");
    Object.assign(box, { id: "setup-removal", type: "checkbox" });
    l.append(box, " removal pending");
    hand.append(l);
  }
  panel.hidden = false;
  $("edit").setAttribute("aria-pressed", "true");
  hooks.showError(null);
  hooks.render();
}

function end() {
  edit = null;
  $("setup-panel").hidden = true;
  $("edit").setAttribute("aria-pressed", "false");
}

async function done() {
  const { state } = hooks;
  const body = { game: state.game, occupants: edit.occupants, side_to_move: $("setup-side").value };
  if ($(`setup-hand-${state.board.sides[0]}`)) {
    body.in_hand = {};
    for (const s of state.board.sides) body.in_hand[s] = Number($(`setup-hand-${s}`).value) || 0;
  }
  if ($("setup-removal")) body.pending_removal = $("setup-removal").checked;
  let pos;
  try {
    pos = await hooks.api("/api/setup", body);
  } catch (e) {
    hooks.showError(e);
    return;
  }
  end();
  hooks.startFrom(pos.position);
}

function cancel() {
  end();
  hooks.showError(null);
  hooks.render();
}

/** Adds the set-up controls; `h` gives the page's state and functions.
 * The Edit button is hidden (by app.js) where `board.setup` is null. */
export function initSetup(h) {
  hooks = h;
  $("edit").onclick = () => (editing() ? cancel() : begin());
  $("setup-done").onclick = done;
  $("setup-cancel").onclick = cancel;
}
