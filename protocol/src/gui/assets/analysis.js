// The analysis panel: an engine of the server's command line analyses the position shown
// (again on every new position while it is switched on), or reviews the whole game at a
// fixed depth. The server runs the engine and reads its lines by the rules; this module
// asks for what the page shows, follows the server's report (at most ten a second), lays
// the report's arrows over the board and writes the evaluations into the move list.

const $ = (id) => document.getElementById(id);
const SETTINGS = "tessera-gui-analysis";

let game = null;       // the last game state the page showed
let rotation = 0;      // the board's rotation, for the arrows
let live = false;      // the person wants the position shown analysed
let asked = "";        // the position last asked for: "game:ply"
let report = null;     // the last report of the server
let version = 0;       // its version, for the next long poll

// The page's own timings of the analysis, read by the browser test (milliseconds).
window.analysisTimings = { askToFirstLine: [] };
let askedAt = 0;

const PANEL = `
<h2>Analysis</h2>
<div class="analysis-controls">
  <label>Engine <select id="analysis-engine"></select></label>
  <label>Lines <select id="analysis-multipv">
    <option>1</option><option>2</option><option>3</option><option>4</option><option>5</option>
  </select></label>
  <button id="analysis-toggle" type="button">Analyse</button>
  <label><input id="analysis-arrows" type="checkbox" checked> Arrows</label>
</div>
<p id="analysis-stats"></p>
<ol id="analysis-lines"></ol>
<p id="analysis-message" role="alert"></p>
<div class="analysis-controls">
  <label>Depth <input id="review-depth" type="number" min="1" max="20" value="4"></label>
  <button id="analysis-game" type="button">Analyse game</button>
  <span id="review-progress"></span>
</div>`;

function saveSettings() {
  const settings = {
    arrows: $("analysis-arrows").checked,
    multipv: $("analysis-multipv").value,
    depth: $("review-depth").value,
  };
  localStorage.setItem(SETTINGS, JSON.stringify(settings));
}

function restoreSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS) || "null");
    if (!saved) return;
    $("analysis-arrows").checked = saved.arrows !== false;
    $("analysis-multipv").value = saved.multipv || "1";
    $("review-depth").value = saved.depth || "4";
  } catch {
    // Settings of an older page: the defaults stand.
  }
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) $("analysis-message").textContent = (await response.text()).trim();
  return response.ok;
}

function engineChoice() {
  return Number($("analysis-engine").value || 0);
}

// Asks for the analysis of the position shown, unless it is already asked for.
function ask(force) {
  if (!live || !game) return;
  const position = `${game.game}:${game.ply}`;
  if (position === asked && !force) return;
  asked = position;
  askedAt = performance.now();
  post("/api/analysis", {
    engine: engineChoice(),
    multipv: Number($("analysis-multipv").value),
    game: game.game,
    ply: game.ply,
  });
}

function setLive(on) {
  live = on;
  asked = "";
  $("analysis-toggle").textContent = on ? "Stop" : "Analyse";
  $("analysis").dataset.live = on ? "1" : "0";
}

function toggle() {
  setLive(!live);
  if (live) ask(true);
  else post("/api/analysis/stop", {});
}

function reviewGame() {
  if (!game) return;
  setLive(false);
  saveSettings();
  post("/api/analysis/game", {
    engine: engineChoice(),
    depth: Number($("review-depth").value),
    game: game.game,
  });
}

// Whether the report is about the position the page shows.
function aboutShown() {
  return report && game && report.game === game.game && report.ply === game.ply && report.activity !== "reviewing";
}

// An evaluation in a few characters: `+0.31`, `+M3`, one score per seat, or a result.
function evalText(e) {
  if (!e) return "";
  if (e.result) return e.result;
  if (e.scores) return e.scores.join(" ");
  if (e.score === null) return "?";
  return e.seat > 0 || (game && game.seats.length > 2) ? `${seatName(e.seat)} ${e.score}` : e.score;
}

function seatName(i) {
  return game?.seats?.[i]?.name ?? `Seat ${i + 1}`;
}

// The same at length, naming the seats: for tooltips and the analysis lines.
function evalLong(e) {
  if (!e) return "";
  if (e.scores) return e.scores.map((s, i) => `${seatName(i)} ${s}`).join(" · ");
  const depth = e.depth ? ` (depth ${e.depth})` : "";
  return `${evalText(e)}${depth}`;
}

function count(n) {
  if (n === null || n === undefined) return "?";
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(n);
}

function showLines() {
  const list = $("analysis-lines");
  const lines = aboutShown() ? report.lines : [];
  list.replaceChildren(
    ...lines.map((line) => {
      const item = document.createElement("li");
      const score = document.createElement("span");
      score.className = "analysis-score";
      score.textContent = line.eval.scores ? evalLong(line.eval) : evalText(line.eval);
      const pv = document.createElement("span");
      pv.className = "analysis-pv";
      pv.textContent = line.pv.join(" ");
      item.append(score, " ", pv);
      if (line.refused) item.append(` (${line.refused})`);
      Object.assign(item.dataset, { multipv: line.multipv, depth: line.depth ?? "" });
      return item;
    }),
  );
  const first = lines[0];
  $("analysis-stats").textContent = first
    ? `depth ${first.depth ?? "?"}/${first.seldepth ?? "?"} · ${count(first.nodes)} nodes · ${count(first.nps)} nodes/s`
    : "";
}

function showReview() {
  const review = report?.review;
  $("review-progress").textContent = review && review.game === game?.game
    ? `${review.evals.length} of ${review.total} positions at depth ${review.depth}`
    : "";
}

// The report's arrows in place of the board's arrows group (empty when switched off or
// about another position).
function placeArrows() {
  const group = document.querySelector("#board svg #arrows");
  if (!group) return;
  const wanted = aboutShown() && $("analysis-arrows").checked ? report.arrows : "";
  if (group.dataset.drawn === wanted) return;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${wanted || '<g id="arrows"></g>'}</svg>`;
  const parsed = new DOMParser().parseFromString(svg, "image/svg+xml").querySelector("#arrows");
  const fresh = document.importNode(parsed, true);
  fresh.dataset.drawn = wanted;
  group.replaceWith(fresh);
}

// Each move of the list gets the evaluation its engine reported (`data-eval`) and the
// review's (`data-review`); the stylesheet shows them after the move.
function decorateMoves() {
  if (!game) return;
  const review = report?.review?.game === game.game ? report.review.evals : [];
  document.querySelectorAll("#moves li").forEach((item) => {
    const index = Number(item.dataset.ply) - 1;
    const own = game.evals?.[index];
    const reviewed = review[index];
    item.dataset.eval = evalText(own);
    item.dataset.review = evalText(reviewed);
    const notes = [own && `engine: ${evalLong(own)}`, reviewed && `analysis: ${evalLong(reviewed)}`];
    item.title = notes.filter(Boolean).join("; ");
  });
}

function showReport(next) {
  report = next;
  version = next.version;
  if (aboutShown() && next.lines.length && askedAt) {
    window.analysisTimings.askToFirstLine.push(performance.now() - askedAt);
    askedAt = 0;
  }
  $("analysis").dataset.activity = next.activity;
  $("analysis-message").textContent = next.message;
  showLines();
  showReview();
  placeArrows();
  decorateMoves();
}

// Long-polls the report: the server answers when it changes (or after a while).
async function follow() {
  for (;;) {
    const turned = rotation;
    try {
      const response = await fetch(`/api/analysis?since=${version}&rotation=${turned}`);
      if (!response.ok) throw new Error(await response.text());
      const next = await response.json();
      if (turned === rotation) showReport(next);
    } catch (error) {
      $("analysis-message").textContent = `lost the analysis: ${error.message}`;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

async function refresh() {
  const turned = rotation;
  const response = await fetch(`/api/analysis?since=0&rotation=${turned}`);
  if (response.ok && turned === rotation) showReport(await response.json());
}

// Builds the panel and starts following the server's report.
export function initAnalysis() {
  $("analysis").innerHTML = PANEL;
  restoreSettings();
  setLive(false);
  $("analysis-toggle").addEventListener("click", toggle);
  $("analysis-game").addEventListener("click", reviewGame);
  $("analysis-multipv").addEventListener("change", () => {
    saveSettings();
    ask(true);
  });
  $("analysis-engine").addEventListener("change", () => ask(true));
  $("analysis-arrows").addEventListener("change", () => {
    saveSettings();
    placeArrows();
  });
  follow();
}

// Called after the page shows a game state (`turned`: the board's rotation): analyses the
// new position when switched on, and redraws the arrows and the move list's evaluations.
export function analysisShown(state, turned) {
  game = state;
  const select = $("analysis-engine");
  if (select.options.length !== state.engines.length) {
    select.replaceChildren(...state.engines.map((e, i) => new Option(e.name, String(i))));
  }
  ask(false);
  showLines();
  showReview();
  if (turned !== rotation) {
    rotation = turned;
    refresh();
  }
  placeArrows();
  decorateMoves();
}
