// Tessera's browser GUI. The server owns the game and checks every move by the rules;
// this page draws the state it sends, narrows the legal moves click by click, and sends
// the chosen move's notation. No build step: a plain module.

import { initAnalysis, analysisShown } from "./analysis.js";

const $ = (id) => document.getElementById(id);
const SETTINGS = "tessera-gui-settings";

let state = null;      // the last state the server sent
let version = 0;       // its version, for the next long poll
let viewPly = null;    // the ply shown, or null to follow the game
let rotation = 0;      // degrees anticlockwise
let clicks = [];       // cells clicked towards a move
let lastBestmove = 0;

// The page's own timings, read by the browser test (milliseconds).
window.guiTimings = { bestmoveToShown: [], clickToTargets: [] };

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
  clicks = [];
  $("board").innerHTML = next.svg;
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
    const clock = seat.clockMs === null ? "" : ` ⏱ ${(seat.clockMs / 1000).toFixed(1)} s`;
    item.textContent = `${seat.name}: ${seat.player}${seat.limits ? ` (${seat.limits})` : ""}${clock}${thinking}`;
    item.classList.toggle("to-move", next.toMove === i);
    list.append(item);
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
    return engine === "" ? { engine: null } : { engine: Number(engine), limits: limits || null };
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
  $("board").addEventListener("click", (event) => {
    const cell = event.target.closest("[data-cell]");
    if (cell) clickCell(cell.dataset.cell);
  });
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
    if (event.target.tagName === "INPUT") return;
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
