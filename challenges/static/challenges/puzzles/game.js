// One puzzle being solved (docs/puzzles.md), DOM-free: the pieces down, the tray left,
// each tile's rotation, the chosen tile or joker, and the clock. Every piece is checked
// by the rules' port before it goes down (rules/puzzles.js), so what the page sends is
// a legal filling; the server checks it again.

import { cellFormat } from "../rules/geometry.js";
import { STARS_BY_JOKERS, pieceRefusal } from "../rules/puzzles.js";

export const JOKER = "joker";

export class PuzzleGame {
  /** `puzzle`: {cells, tray}; `now()`: milliseconds (performance.now in the page). */
  constructor(puzzle, { maxJokers = 2, now = () => 0 } = {}) {
    this.puzzle = puzzle;
    this.maxJokers = maxJokers;
    this.now = now;
    this.shape = new Map(puzzle.cells.map((cell) => [cellFormat(cell), cell]));
    this.restart();
  }

  /** Everything back in the tray, the clock from zero. */
  restart() {
    this.placed = new Map(); // cell text -> piece, in the order they went down
    this.rotations = new Map(this.puzzle.tray.map((tileId) => [tileId, 0]));
    this.selected = null;
    this.startedAt = this.now();
    this.finishedMs = null;
  }

  /** The tray's tiles not down yet, in the tray's order. */
  get tray() {
    const down = new Set([...this.placed.values()].map((piece) => piece.tile));
    return this.puzzle.tray.filter((tileId) => !down.has(tileId));
  }

  get jokersUsed() {
    return [...this.placed.values()].filter((piece) => piece.type === JOKER).length;
  }

  get jokersLeft() {
    return this.maxJokers - this.jokersUsed;
  }

  /** The stars the filling earns if finished with the jokers used so far. */
  get stars() {
    return STARS_BY_JOKERS[this.jokersUsed];
  }

  /** The pieces as the server takes them, in the order they went down. */
  get pieces() {
    return [...this.placed.values()].map((piece) =>
      piece.type === JOKER
        ? { type: JOKER, cell: piece.cell }
        : { type: "place", tile: piece.tile, cell: piece.cell, rotation: piece.rotation },
    );
  }

  get solved() {
    return this.placed.size === this.shape.size;
  }

  get elapsedMs() {
    return Math.max(0, Math.round((this.finishedMs ?? this.now()) - this.startedAt));
  }

  rotationOf(tileId) {
    return this.rotations.get(tileId) ?? 0;
  }

  pieceAt(cell) {
    return this.placed.get(cellFormat(cell)) ?? null;
  }

  inShape(cell) {
    return cell !== null && this.shape.has(cellFormat(cell));
  }

  emptyCells() {
    return this.puzzle.cells.filter((cell) => !this.placed.has(cellFormat(cell)));
  }

  /** Chooses a tray tile or the joker (null: nothing). */
  select(choice) {
    if (choice === JOKER ? this.jokersLeft > 0 : this.tray.includes(choice)) {
      this.selected = choice;
      return true;
    }
    return false;
  }

  /** Turns a tray tile a third clockwise; returns its new rotation. */
  rotate(tileId) {
    const rotation = (this.rotationOf(tileId) + 1) % 3;
    this.rotations.set(tileId, rotation);
    return rotation;
  }

  /** Why `piece` may not go down now (a docs/puzzles.md code), or null. */
  refusal(piece) {
    return pieceRefusal(this.puzzle, this.pieces, piece);
  }

  /** The rotation `tileId` goes down in on `cell`: as turned if it fits so, else the
   * next turn that fits (the snap of the mobile game), else null. */
  fittingRotation(tileId, cell) {
    const turned = this.rotationOf(tileId);
    for (const step of [0, 1, 2]) {
      const rotation = (turned + step) % 3;
      if (this.refusal({ type: "place", tile: tileId, cell, rotation }) === null) return rotation;
    }
    return null;
  }

  /** The empty cells of the shape where the choice fits (any turn of a tile). */
  fitCells(choice) {
    if (choice === JOKER) return this.jokersLeft > 0 ? this.emptyCells() : [];
    return this.emptyCells().filter((cell) => this.fittingRotation(choice, cell) !== null);
  }

  /**
   * Puts `choice` (a tile or JOKER) on `cell`: {placed: true, piece} or {placed: false,
   * code}. A tile goes down in its turn if it fits so, else turned to fit.
   */
  place(choice, cell) {
    let piece;
    if (choice === JOKER) {
      piece = { type: JOKER, cell };
    } else {
      const rotation = this.fittingRotation(choice, cell);
      piece = { type: "place", tile: choice, cell, rotation: rotation ?? this.rotationOf(choice) };
    }
    const code = this.refusal(piece);
    if (code !== null) return { placed: false, code };
    const down = piece.type === JOKER ? { type: JOKER, cell } : { ...piece };
    this.placed.set(cellFormat(cell), down);
    if (down.type !== JOKER) this.rotations.set(down.tile, down.rotation);
    this.selected = choice === JOKER ? (this.jokersLeft > 0 ? JOKER : null) : (this.tray[0] ?? null);
    if (this.solved) this.finishedMs = this.now();
    return { placed: true, piece: down };
  }

  /** Takes the piece on `cell` back (a tile to the tray, a joker to the pile). */
  lift(cell) {
    const key = cellFormat(cell);
    const piece = this.placed.get(key) ?? null;
    if (piece === null || this.solved) return null;
    this.placed.delete(key);
    this.selected = piece.type === JOKER ? JOKER : piece.tile;
    return piece;
  }
}
