// Tessera's browser GUI. The server owns the game, its clocks, and checks every move by
// the rules; this page draws the state it sends, narrows the legal moves click by click
// (or by dragging a piece), sends the chosen move's notation, and counts the clock of the
// seat to move down between the server's updates. No build step: a plain module.

import { initAnalysis, analysisShown } from "./analysis.js";

const $ = (id) => document.getElementById(id);
const SETTINGS = "tessera-gui-settings";

let state = null;      // the last state the server sent
let version = 0;       // its version, for the next long poll
let viewPly = null;    // the ply shown, or null to follow the game
let rotation = 0;      // degrees anticlockwise
let clicks = [];       // cells clicked towards a move
let lastBestmove = 0;
let receivedAt = 0;    // performance.now() when the state arrived, for the clocks
let drag = null;       // a piece being dragged: its cell, where the pointer went down, its copy

// How far (pixels) the pointer must move with the button down before a piece is dragged.
const DRAG_START = 4;
// How often the clocks are redrawn between the server's updates (milliseconds).
const CLOCK_TICK = 100;

// The page's own timings, read by the browser test (milliseconds), and the number of
// moves of each game state it drew (to see whether it kept up with every move).
window.guiTimings = { bestmoveToShown: [], clickToTargets: [], movesShown: [] };

function seatCount(variant, players) {
  if (variant === "sevenkingdoms") return players ? players.split("/").length : 7;
  if (variant === "hexian") return players ? Number(players) || 6 : 6;
  return 2;
}

function rotationStep(variant) {
  if (variant === "sevenkingdoms") return 90;
  if (variant === "hexian") return 60;
  return 180;
}

function viewQuery() {
  let q = `rotation=${rotation}`;
  if (viewPly !== null) q += `&ply=${viewPly}`;
  return q;
}

// Long-polls the state: the server answers when it changes (or after a while).
async function follow() {
  for (;;) {
    const query = viewQuery();
    try {
      const response = await fetch(`/api/state?since=${version}&${query}`);
      if (!response.ok) throw new Error(await response.text());
      const next = await response.json();
      if (query === viewQuery()) show(next);
    } catch (error) {
      $("message").textContent = `lost the server: ${error.message}`;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

// Fetches the state at once (after a change of the view).
async function refresh() {
  const query = viewQuery();
  const response = await fetch(`/api/state?since=0&${query}`);
  if (response.ok && query === viewQuery()) show(await response.json());
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    $("message").textContent = (await response.text()).trim();
    return false;
  }
  $("message").textContent = "";
  return true;
}

function show(next) {
  state = next;
  version = next.version;
  receivedAt = performance.now();
  clicks = [];
  drag = null;
  $("board").innerHTML = next.svg;
  if (next.moves.length !== window.guiTimings.movesShown.at(-1)) {
    window.guiTimings.movesShown.push(next.moves.length);
  }
  if (next.bestmoveAt && next.bestmoveAt !== lastBestmove) {
    lastBestmove = next.bestmoveAt;
    window.guiTimings.bestmoveToShown.push(Date.now() - next.bestmoveAt);
  }
  const over = next.result.length > 0;
  $("status").textContent = over ? "Game over" : `${next.toMoveName} to move`;
  $("result").textContent = next.result.join(" · ");
  if (next.message) $("message").textContent = next.message;
  showSeats(next);
  showMoves(next);
  showCellless(next);
  $("chooser").hidden = true;
  $("position").value = next.position;
  // What the page shows, for tests and user scripts.
  Object.assign(document.body.dataset, {
    version: next.version,
    game: next.game,
    variant: next.variant,
    ply: next.ply,
    moves: next.moves.length,
    over: over ? "1" : "0",
    person: next.personToMove && next.ply === next.moves.length ? "1" : "0",
  });
  analysisShown(next, rotation);
}

function showSeats(next) {
  const list = $("seats");
  list.replaceChildren();
  next.seats.forEach((seat, i) => {
    const item = document.createElement("li");
    const thinking = next.toMove === i && seat.engine !== null ? " — thinking" : "";
    const who = document.createElement("span");
    who.textContent = `${seat.name}: ${seat.player}${seat.limits ? ` (${seat.limits})` : ""}${thinking}`;
    const clock = document.createElement("span");
    clock.className = "clock";
    item.append(who, " ", clock);
    item.classList.toggle("to-move", next.toMove === i);
    list.append(item);
  });
  tickClocks();
}

// `m:ss.d`, or `h:mm:ss` from an hour on.
function clockText(ms) {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const seconds = Math.floor(tenths / 10);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  if (h > 0) return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
  return `${m}:${String(s).padStart(2, "0")}.${tenths % 10}`;
}

// Every seat's clock: the time left on a clock (tc=), else the thinking time used. The
// seat to move's runs between the server's updates; the server stays the authority.
function tickClocks() {
  if (!state) return;
  const running = performance.now() - receivedAt;
  document.querySelectorAll("#seats .clock").forEach((span, i) => {
    const seat = state.seats[i];
    const moving = state.toMove === i;
    const ms = seat.clockMs !== null
      ? seat.clockMs - (moving ? running : 0)
      : seat.usedMs + (moving ? running : 0);
    span.textContent = seat.clockMs !== null ? `⏱ ${clockText(ms)}` : `used ${clockText(ms)}`;
    span.classList.toggle("running", moving);
    span.classList.toggle("out", seat.clockMs !== null && ms <= 0);
  });
}

function showMoves(next) {
  const list = $("moves");
  list.replaceChildren();
  next.moves.forEach((text, i) => {
    const item = document.createElement("li");
    item.textContent = text;
    item.dataset.ply = i + 1;
    item.classList.toggle("shown", i + 1 === next.ply);
    item.addEventListener("click", () => jump(i + 1));
    list.append(item);
  });
  list.lastElementChild?.scrollIntoView({ block: "nearest" });
}

// Moves that touch no cell (passes, announcements, Hepta's arrangement): buttons, or a
// list when there are many (Hepta's 5040 arrangements).
const MOST_BUTTONS = 24;

function showCellless(next) {
  const moves = next.legal.filter((m) => m.path.length === 0);
  const many = moves.length > MOST_BUTTONS;
  $("cellless").hidden = moves.length === 0;
  $("cellless-moves").replaceChildren(...(many ? [] : moves.map((m) => moveButton(m.move))));
  $("cellless-many").hidden = !many;
  $("cellless-list").replaceChildren(...(many ? moves.map((m) => new Option(m.move, m.move)) : []));
}

// Seven Kingdoms' resignation is the record token x<colours> (R55).
function moveLabel(text) {
  return state?.variant === "sevenkingdoms" && text.startsWith("x") ? `Resign (${text})` : text;
}

function moveButton(text) {
  const button = document.createElement("button");
  button.textContent = moveLabel(text);
  button.dataset.move = text;
  button.addEventListener("click", () => play(text));
  return button;
}

async function play(text) {
  clicks = [];
  if (await post("/api/move", { move: text })) $("move-text").value = "";
}

function matching(sequence) {
  return state.legal.filter(
    (m) => m.path.length >= sequence.length && sequence.every((c, i) => m.path[i] === c),
  );
}

function clearMarks() {
  document.querySelectorAll("#board .target, #board .selected").forEach((el) => el.classList.remove("target", "selected"));
}

// A click on a cell: the moves whose click sequence goes on through it remain; one
// complete move is played, several open the chooser, and the next cells are marked.
function clickCell(name) {
  const started = performance.now();
  if (!state || !state.personToMove || state.ply !== state.moves.length) return;
  let sequence = [...clicks, name];
  let candidates = matching(sequence);
  if (candidates.length === 0) {
    sequence = [name];
    candidates = matching(sequence);
  }
  clearMarks();
  $("chooser").hidden = true;
  clicks = candidates.length ? sequence : [];
  if (!candidates.length) return;
  const complete = candidates.filter((m) => m.path.length === sequence.length);
  const partial = candidates.filter((m) => m.path.length > sequence.length);
  if (complete.length === 1 && partial.length === 0) {
    play(complete[0].move);
    return;
  }
  for (const cell of sequence) $(`cell-${cell}`)?.classList.add("selected");
  for (const m of partial) $(`cell-${m.path[sequence.length]}`)?.classList.add("target");
  if (complete.length > 0) {
    $("choices").replaceChildren(...complete.map((m) => moveButton(m.move)));
    $("chooser").hidden = false;
  }
  window.guiTimings.clickToTargets.push(performance.now() - started);
}

// The pointer goes down on a cell: the same as a click (the piece's destinations are
// marked at once); moving on with the button down drags a copy of the piece.
function pointerDown(event) {
  const cell = event.target.closest("[data-cell]");
  if (!cell || event.button !== 0) return;
  event.preventDefault();
  clickCell(cell.dataset.cell);
  drag = { from: cell.dataset.cell, x: event.clientX, y: event.clientY, copy: null };
  $("board").setPointerCapture?.(event.pointerId);
}

// The point under the pointer in the coordinates of `element`'s parent.
function localPoint(element, x, y) {
  const svg = element.ownerSVGElement;
  const point = svg.createSVGPoint();
  point.x = x;
  point.y = y;
  return point.matrixTransform(element.parentNode.getScreenCTM().inverse());
}

function pointerMove(event) {
  if (!drag || clicks.length === 0) return;
  const piece = document.querySelector(`#board .piece[data-cell="${drag.from}"]`);
  if (!piece) return;
  if (!drag.copy) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_START) return;
    drag.copy = piece.cloneNode(true);
    drag.copy.classList.add("dragged");
    drag.copy.removeAttribute("data-cell");
    drag.origin = localPoint(piece, drag.x, drag.y);
    const holder = document.createElementNS("http://www.w3.org/2000/svg", "g");
    holder.append(drag.copy);
    piece.parentNode.append(holder);
    drag.holder = holder;
    piece.classList.add("drag-source");
  }
  const at = localPoint(piece, event.clientX, event.clientY);
  drag.holder.setAttribute("transform", `translate(${at.x - drag.origin.x} ${at.y - drag.origin.y})`);
}

// The pointer comes up: a drag ends on the cell under it, as a click there would.
function pointerUp(event) {
  const ended = drag;
  drag = null;
  if (!ended?.copy) return;
  ended.holder.remove();
  document.querySelector(`#board .piece[data-cell="${ended.from}"]`)?.classList.remove("drag-source");
  const under = document.elementFromPoint(event.clientX, event.clientY)?.closest("#board [data-cell]");
  if (under && under.dataset.cell !== ended.from) clickCell(under.dataset.cell);
}

// Saves the game: its PGN record in the box and as a file.
async function save() {
  const response = await fetch("/api/pgn");
  if (!response.ok) {
    $("message").textContent = (await response.text()).trim();
    return;
  }
  const text = await response.text();
  $("pgn").value = text;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
  link.download = `tessera-${state?.variant ?? "game"}.pgn`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// Loads the game record of the box; the server refuses a bad one and keeps the game.
async function load() {
  viewPly = null;
  await post("/api/load", { pgn: $("pgn").value });
}

async function loadFile() {
  const file = $("pgn-file").files[0];
  if (!file) return;
  $("pgn").value = await file.text();
  $("pgn-file").value = "";
  await load();
}

function jump(ply) {
  viewPly = state && ply >= state.moves.length ? null : Math.max(0, ply);
  refresh();
}

function step(delta) {
  if (!state) return;
  jump(state.ply + delta);
}

function turn(degrees) {
  rotation = (rotation + degrees) % 360;
  refresh();
}

// The setup form: one seat chooser per seat, remembered between visits.
function seatSetup(saved) {
  const variant = $("variant").value;
  const seats = seatCount(variant, $("players").value.trim());
  const engines = state ? state.engines : [];
  const box = $("seat-setup");
  box.replaceChildren();
  $("players-field").hidden = !["sevenkingdoms", "hexian"].includes(variant);
  $("patron-field").hidden = variant !== "hexian";
  for (let i = 0; i < seats; i++) {
    const wrap = document.createElement("span");
    wrap.className = "seat-choice";
    const who = document.createElement("select");
    who.className = "seat-player";
    who.add(new Option("Person", ""));
    engines.forEach((e, k) => who.add(new Option(e.name, String(k))));
    const limits = document.createElement("input");
    limits.className = "seat-limits";
    limits.size = 9;
    limits.placeholder = "depth=3";
    limits.title = "an engine: depth=3, nodes=20000, st=0.5 or tc=60+1; a person: a clock tc=300+5 or nothing";
    const previous = saved?.seats?.[i];
    if (previous) {
      who.value = previous.engine ?? "";
      limits.value = previous.limits ?? "";
    } else if (i > 0 && engines.length) {
      who.value = "0";
      limits.value = engines[0].limits;
    }
    wrap.append(`${i + 1} `, who, " ", limits);
    box.append(wrap);
  }
}

function readSetup() {
  const seats = [...document.querySelectorAll(".seat-choice")].map((wrap) => {
    const engine = wrap.querySelector(".seat-player").value;
    const limits = wrap.querySelector(".seat-limits").value.trim();
    return { engine: engine === "" ? null : Number(engine), limits: limits || null };
  });
  return {
    variant: $("variant").value,
    players: $("players").value.trim(),
    patron: Number($("patron").value),
    fen: $("fen").value.trim() || null,
    seats,
  };
}

function restoreSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS) || "null");
    if (saved) {
      $("variant").value = saved.variant;
      $("players").value = saved.players || "";
      $("patron").value = String(saved.patron || 1);
    }
    return saved;
  } catch {
    return null;
  }
}

async function newGame(event) {
  event.preventDefault();
  const setup = readSetup();
  const saved = { ...setup, seats: setup.seats.map((s) => ({ engine: s.engine === null ? "" : String(s.engine), limits: s.limits })) };
  localStorage.setItem(SETTINGS, JSON.stringify(saved));
  viewPly = null;
  rotation = 0;
  await post("/api/new", setup);
}

function wire() {
  $("board").addEventListener("pointerdown", pointerDown);
  $("board").addEventListener("pointermove", pointerMove);
  $("board").addEventListener("pointerup", pointerUp);
  $("board").addEventListener("pointercancel", pointerUp);
  $("save").addEventListener("click", save);
  $("load").addEventListener("click", load);
  $("pgn-file").addEventListener("change", loadFile);
  setInterval(tickClocks, CLOCK_TICK);
  $("setup").addEventListener("submit", newGame);
  $("variant").addEventListener("change", () => seatSetup(null));
  $("players").addEventListener("input", () => seatSetup(null));
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    play($("move-text").value.trim());
  });
  $("cellless-play").addEventListener("click", () => play($("cellless-list").value));
  $("first").addEventListener("click", () => jump(0));
  $("back").addEventListener("click", () => step(-1));
  $("forward").addEventListener("click", () => step(1));
  $("last").addEventListener("click", () => jump(Infinity));
  $("takeback").addEventListener("click", () => post("/api/takeback", {}));
  $("flip").addEventListener("click", () => turn(180));
  $("rotate").addEventListener("click", () => turn(rotationStep(state?.variant)));
  $("copy").addEventListener("click", () => navigator.clipboard?.writeText($("position").value));
  document.addEventListener("keydown", (event) => {
    if (["INPUT", "TEXTAREA"].includes(event.target.tagName)) return;
    if (event.key === "ArrowLeft") step(-1);
    else if (event.key === "ArrowRight") step(1);
    else if (event.key === "f") turn(180);
  });
}

async function start() {
  wire();
  initAnalysis();
  const saved = restoreSettings();
  await refresh();
  seatSetup(saved);
  follow();
}

start();
