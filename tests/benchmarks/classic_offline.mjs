// What the offline classic game costs in the browser's engine (docs/offline.md):
// seeding Python's generator from a string (SHA-512 + MT19937), one computer move of
// each strength, and a whole local game to 400 against two computers. Prints figures;
// asserts nothing about speed. `node tests/benchmarks/classic_offline.mjs`.

import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";

import { LocalTable } from "../../challenges/static/challenges/classic/local_table.js";
import { ClassicGame, PythonRandom, computerAction } from "../../challenges/static/challenges/rules/classic/index.js";

function timed(label, count, run) {
  run(0); // warm up
  const start = performance.now();
  for (let i = 1; i <= count; i += 1) run(i);
  const each = (performance.now() - start) / count;
  console.log(`${label}: ${each.toFixed(3)} ms each (${count} runs)`);
}

timed("PythonRandom from a string seed", 2000, (i) => new PythonRandom(`classic computer bench seat 1 ${i}`).random());
for (const strength of ["easy", "medium"]) {
  // A position mid-round: a few medium moves in.
  const game = new ClassicGame(2, { seed: "bench", rounds: 1 });
  for (let move = 0; move < 12 && !game.isOver; move += 1) {
    game.apply(computerAction(game, { strength: "medium", seed: "bench" }));
  }
  timed(`${strength} computer move, mid-round`, 500, (i) => computerAction(game, { strength, seed: `bench ${i}` }));
}
timed("a whole local game to 400, 2 easy computers, the player medium-like", 5, (i) => {
  const table = LocalTable.start({ computers: 2, strength: "easy", length: "to_400", seed: `bench ${i}` });
  while (table.playing) {
    const [placement] = table.game.legalPlacements();
    const action = placement ? { type: "place", ...placement.toJson() } : { type: table.game.canDraw() ? "draw" : "pass" };
    table.act(action);
  }
});
console.log(`load average: ${loadavg().map((value) => value.toFixed(2)).join(" / ")}`);
