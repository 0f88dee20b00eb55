// SPDX-License-Identifier: MIT
// The playground's tabletop view (figure scale): footprints on a table you
// drag and turn with the mouse; the library measures the shot from them
// (napfire_shot_measure through the package: F-GEO) and judges it. The
// page draws the footprints and, for the eye only, the sector of fire, the
// 10 cm zones and the line of fire from the same conventions (F-GEO-5, -6,
// -10); every number, fact and verdict shown in words is the library's.

const SVGNS = "http://www.w3.org/2000/svg";
const DEG = Math.PI / 180;
// The table shown, in millimetres: x to the right, y away from the viewer.
const VIEW = { x0: -500, y0: -150, w: 1000, h: 850 };

// A unit's bases: centre, facing (degrees counter-clockwise from +y, the
// direction its front faces), frontage w and depth d.
const START = [
  { id: "firer", side: "firer", label: "battery (9-pdr, 6 guns)", x: 0, y: 0, angle: 0, w: 120, d: 60 },
  { id: "enemy-0", side: "enemy", label: "French column", x: 0, y: 230, angle: 180, w: 100, d: 80 },
  { id: "enemy-1", side: "enemy", label: "French line", x: 320, y: 520, angle: 200, w: 240, d: 30 },
  { id: "enemy-2", side: "enemy", label: "French column", x: -330, y: 420, angle: 160, w: 100, d: 80 },
  { id: "friend-0", side: "friend", label: "British line", x: 300, y: 90, angle: 0, w: 240, d: 30 },
  { id: "friend-1", side: "friend", label: "British line", x: -300, y: 60, angle: 0, w: 240, d: 30 },
  { id: "wood-0", side: "wood", label: "wood", x: -120, y: 560, angle: 0, w: 200, d: 140 },
];

// Corners front-left, front-right, rear-right, rear-left (clockwise seen
// from above, F-GEO-2), as whole millimetres.
function corners(p) {
  const c = Math.cos(p.angle * DEG), s = Math.sin(p.angle * DEG);
  return [[-p.w / 2, p.d / 2], [p.w / 2, p.d / 2], [p.w / 2, -p.d / 2], [-p.w / 2, -p.d / 2]]
    .map(([u, v]) => [Math.round(p.x + u * c - v * s), Math.round(p.y + u * s + v * c)]);
}
const footprint = (p) => ({ corners: corners(p), level: 0 });
const toScreen = ([x, y]) => [x, -y];
const pts = (cs) => cs.map((c) => toScreen(c).join(",")).join(" ");
const mid = (a, b) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

// The nearest point of a convex polygon to p (for the line of fire: F-GEO-10).
function nearestOn(poly, p) {
  let best = null, bestD = Infinity;
  for (let i = 0; i < 4; i++) {
    const a = poly[i], b = poly[(i + 1) % 4], ab = [b[0] - a[0], b[1] - a[1]];
    const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / (ab[0] ** 2 + ab[1] ** 2)));
    const q = [a[0] + t * ab[0], a[1] + t * ab[1]], d = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (d < bestD) [best, bestD] = [q, d];
  }
  return best;
}

export function setupTable(nf, page) {
  const $ = (sel) => document.querySelector(sel);
  const pieces = START.map((p) => ({ ...p }));
  const byId = (id) => pieces.find((p) => p.id === id);
  let targetId = "enemy-0";
  const svg = $("#table-svg");
  svg.setAttribute("viewBox", `${VIEW.x0} ${-(VIEW.y0 + VIEW.h)} ${VIEW.w} ${VIEW.h}`);

  // The firer and target units of the form; every enemy is the same kind of unit.
  function units() {
    const artillery = $("#table-firer").value === "battery";
    const firer = artillery ? new nf.Unit(nf.Arm.FOOT_ARTILLERY, { nation: nf.Nation.BRITAIN, gun: nf.Gun.P9, figures: 6 })
      : new nf.Unit(nf.Arm.LINE_INFANTRY, { nation: nf.Nation.BRITAIN, troopClass: nf.TroopClass.ELITE, figures: 30 });
    const target = new nf.Unit(nf.Arm.LINE_INFANTRY, { nation: nf.Nation.FRANCE, formation: nf.Formation.COLUMN_OF_DIVISIONS, figures: 36 });
    return { firer, target, artillery };
  }

  // The scene with `enemyId` as the target: the other enemies and the
  // woods are "others" (F-GEO-9 blocks sight by them), the friends friends.
  function sceneFor(enemyId) {
    return {
      firer: footprint(byId("firer")), target: footprint(byId(enemyId)),
      friends: pieces.filter((p) => p.side === "friend").map(footprint),
      others: pieces.filter((p) => (p.side === "enemy" && p.id !== enemyId) || p.side === "wood").map(footprint),
    };
  }

  // Measure and judge the shot at one enemy: the facts, and the verdict over
  // what the rules data knows (napfire_shot_distribution_known).
  function judge(enemyId) {
    const { firer, target, artillery } = units();
    const shot = new nf.Shot(firer, target);
    if (artillery) shot.set("ammo", Number($("#table-ammo").value));
    const rules = page.rules();
    let facts, unknown = null;
    try {
      facts = shot.measure(sceneFor(enemyId), { rules });
    } catch (e) {
      if (!(e instanceof nf.UnknownDataError)) throw e;
      return { facts: e.result, kind: "unknown", words: `the measure needs unknown rules data: ${e.sentence}` };
    }
    const known = shot.distributionKnown({ rules }), v = known.verdict;
    if (!v.permitted) return { facts, kind: "forbidden", words: `NO FIRE: ${page.reasonText(nf.reasonName(v.reason))}`, shot };
    if (known.unknownWeight === nf.CONSTANTS.OUTCOME_DENOMINATOR) {
      unknown = nf.missingDescribe(v.missing, v.missingIndex, nf.DescribeStyle.SENTENCE);
      return { facts, kind: "unknown", words: `FIRE PERMITTED, but the odds need unknown rules data: ${unknown}`, shot };
    }
    const e = known.unknownWeight ? null : shot.expected({ rules });
    return { facts, kind: "permitted", shot, words: `FIRE PERMITTED at ${enumWords(nf.enumName(nf.EnumId.BAND, shot.band({ rules })))} range` +
      (e ? `: expected casualties ${(e.numerator / e.denominator).toFixed(3)} figures (exactly ${e.numerator}/${e.denominator})` : "") };
  }
  const enumWords = (name) => name.toLowerCase().replace(/_/g, " ");

  // A fact in words, with the footprint that decided it and its rule.
  function factWords(f) {
    const who = { NONE: "", FIRER: "the firer", TARGET: "the target", SCREEN: "the screen",
      FRIEND: `friend ${f.deciderIndex + 1}`, OTHER: `other ${f.deciderIndex + 1}` }[f.deciderName] ?? "";
    const name = enumWords(f.name.replace(/[A-Z]/g, (c) => `_${c}`));
    const value = f.missing !== nf.Missing.NONE ? "unknown" : f.value;
    return `${name} = ${value}${who ? `, decided by ${who}` : ""} (${f.ruleId})`;
  }

  function draw(answer, verdicts) {
    svg.textContent = "";
    const zones = el("g", { class: "zones" }, svg), marks = el("g", { class: "marks" }, svg);
    const firer = corners(byId("firer")), target = corners(byId(targetId));
    const apex = mid(firer[0], firer[1]);
    const fwd = [-Math.sin(byId("firer").angle * DEG), Math.cos(byId("firer").angle * DEG)];
    // The 10 cm zones in front of the battery and of the target (F-GEO-5):
    // as wide as the front edge, 100 mm deep.
    for (const cs of [firer, target]) {
      const ax = [cs[0][0] - cs[3][0], cs[0][1] - cs[3][1]], n = Math.hypot(...ax), k = 100 / n;
      el("polygon", { class: "zone", points: pts([cs[0], cs[1], [cs[1][0] + ax[0] * k, cs[1][1] + ax[1] * k],
        [cs[0][0] + ax[0] * k, cs[0][1] + ax[1] * k]]) }, zones);
    }
    if (answer.artillery) {
      // The sector of fire (F-GEO-6): 15 degrees either side of the
      // perpendicular at the front edge's centre, out to the circle through
      // the target's farthest point.
      const r = Math.max(...target.map((c) => Math.hypot(c[0] - apex[0], c[1] - apex[1])));
      const ray = (deg) => { const a = Math.atan2(fwd[1], fwd[0]) + deg * DEG; return [apex[0] + r * Math.cos(a), apex[1] + r * Math.sin(a)]; };
      const [p1, p2] = [ray(15), ray(-15)].map(toScreen), a0 = toScreen(apex);
      el("path", { class: "sector", d: `M${a0.join(",")} L${p1.join(",")} A${r},${r} 0 0 1 ${p2.join(",")} Z` }, zones);
    }
    for (const p of pieces) {
      const cs = corners(p), g = el("g", { class: `piece ${p.side}${p.id === targetId ? " target" : ""}`, "data-id": p.id }, svg);
      const poly = el("polygon", { points: pts(cs), "data-corners": JSON.stringify(cs), "data-angle": p.angle }, g);
      if (verdicts && p.side === "enemy") poly.classList.add(`verdict-${verdicts[p.id]}`);
      el("line", { class: "front", x1: cs[0][0], y1: -cs[0][1], x2: cs[1][0], y2: -cs[1][1] }, g);
      const c = toScreen([p.x, p.y]);
      el("text", { x: c[0], y: c[1] + 4, class: "label" }, g).textContent = p.id === targetId ? `T: ${p.label}` : p.label;
      if (p.side !== "wood") {
        const h = toScreen(mid(...[cs[0], cs[1]]).map((v, i) => v + (i ? Math.cos(p.angle * DEG) : -Math.sin(p.angle * DEG)) * 25));
        el("circle", { class: "turn", cx: h[0], cy: h[1], r: 9, "data-id": p.id }, g);
      }
    }
    // The line of fire (F-GEO-10): from the front edge's centre through the
    // target's nearest point.
    const near = nearestOn(target, apex);
    el("line", { class: "line-of-fire", x1: apex[0], y1: -apex[1], x2: near[0], y2: -near[1] }, marks);
    const d = answer.facts && answer.facts.find((f) => f.name === "distance");
    if (d) {
      const m = toScreen(mid(apex, near));
      el("text", { class: "range", x: m[0] + 8, y: m[1] }, marks).textContent = `${d.value / 10} cm`;
    }
  }

  // Measure, judge and draw; with "what can it fire at", every enemy too.
  function update() {
    $("#table-error").textContent = "";
    let answer, verdicts = null;
    try {
      answer = { ...judge(targetId), artillery: units().artillery };
      if ($("#table-all").checked) {
        verdicts = {};
        for (const p of pieces.filter((x) => x.side === "enemy")) verdicts[p.id] = judge(p.id).kind;
      }
    } catch (e) {
      if (!(e instanceof nf.NapfireError)) throw e;
      $("#table-error").textContent = `${e.message} (the pieces stay where they were dropped; move them apart)`;
      $("#table-verdict").className = "verdict stale";
      return false;
    }
    const v = $("#table-verdict");
    v.className = `verdict ${answer.kind === "permitted" ? "clear" : answer.kind === "forbidden" ? "blocked" : "unknown"}`;
    v.textContent = answer.words;
    $("#table-facts").innerHTML = "";
    for (const f of answer.facts) {
      const li = document.createElement("li");
      li.textContent = factWords(f);
      li.dataset.param = f.name;
      $("#table-facts").appendChild(li);
    }
    draw(answer, verdicts);
    return true;
  }

  // The mouse: drag a piece to move it; drag its round handle, or turn the
  // wheel over it, to turn it; a click on an enemy makes it the target.
  const toTable = (ev) => {
    const m = svg.getScreenCTM().inverse(), p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m);
    return [p.x, -p.y];
  };
  let drag = null;
  svg.addEventListener("pointerdown", (ev) => {
    const g = ev.target.closest("[data-id]");
    if (!g) return;
    const p = byId(g.dataset.id), at = toTable(ev);
    drag = { p, turn: ev.target.classList.contains("turn"), from: at, x: p.x, y: p.y, moved: false };
    svg.setPointerCapture(ev.pointerId);
    ev.preventDefault();
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const at = toTable(ev);
    if (drag.turn) {
      drag.p.angle = Math.round(Math.atan2(-(at[0] - drag.p.x), at[1] - drag.p.y) / DEG);
    } else {
      drag.p.x = Math.round(drag.x + at[0] - drag.from[0]);
      drag.p.y = Math.round(drag.y + at[1] - drag.from[1]);
    }
    drag.moved = true;
    update();
  });
  svg.addEventListener("pointerup", () => {
    if (drag && !drag.moved && drag.p.side === "enemy" && !drag.turn) {
      targetId = drag.p.id;
      update();
    }
    drag = null;
  });
  svg.addEventListener("wheel", (ev) => {
    const g = ev.target.closest("[data-id]");
    if (!g) return;
    ev.preventDefault();
    const p = byId(g.dataset.id);
    p.angle = (p.angle + (ev.deltaY < 0 ? 1 : -1) * (ev.shiftKey ? 15 : 5) + 360) % 360;
    update();
  }, { passive: false });
  for (const id of ["#table-firer", "#table-ammo", "#table-all"]) $(id).addEventListener("change", () => {
    $("#table-ammo").disabled = $("#table-firer").value !== "battery";
    update();
  });
  $("#table-reset").addEventListener("click", () => {
    pieces.forEach((p, i) => Object.assign(p, START[i]));
    targetId = "enemy-0";
    update();
  });
  for (const v of Object.values(nf.Ammo)) {
    const o = document.createElement("option");
    o.value = String(v);
    o.textContent = enumWords(nf.enumName(nf.EnumId.AMMO, v));
    $("#table-ammo").appendChild(o);
  }
  $("#table-ammo").value = String(nf.Ammo.CANISTER);
  update();
  return { update, pieces, sceneFor, target: () => targetId };
}
