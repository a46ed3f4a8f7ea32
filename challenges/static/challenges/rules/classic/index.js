// The classic board game in the browser: a DOM-free port of triominos/classic/ (the
// game, its actions, events and endings, and the easy and medium computers), on the
// daily challenge's port (../) for the board, placements and bonuses. The server is
// the authority; this plays a game while it is out of reach (docs/offline.md), and the
// classic golden vectors hold it to the server move for move.

export { CLASSIC_ERROR_CODES, ClassicError, DRAW, PASS, classicDealOrder } from "./actions.js";
export { OFFLINE_STRENGTHS, computerAction, computersPlay, greedyPlacement } from "./computer.js";
export { ClassicGame } from "./game.js";
export { actionJson, actionParse, classicReplay, placementFromJson } from "./log.js";
export { PythonRandom } from "./python_random.js";
