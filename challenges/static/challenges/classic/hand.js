// The player's side of a classic game as the board's inputs read it: the hand (`tray`),
// the board of the current round (the engine's port, ../rules/), and where a tile fits.
// The same questions a challenge run answers (legalPlacements, snapRotation, preview),
// so the challenge's drag, tap, keyboard and speech (../play/) work here unchanged.
// The server has the last word on every move; this only guides the hand. DOM-free.

import { Board, Cell, tileParse } from "../rules/index.js";

export class ClassicHand {
  /** `game` is the API's game (its `hand`, `board`, `opening_tiles`, `scores`...). */
  constructor(game) {
    this.game = game;
    this.board = Board.fromPlacements(game.board);
    this.tray = [...game.hand];
  }

  get score() {
    return this.game.scores[this.game.you];
  }

  get wellRemaining() {
    return this.game.well_size;
  }

  /** The tiles that may go down now: at the opening only the opening tiles. */
  _tiles(tileId = null) {
    let ids = tileId === null ? this.tray : this.tray.filter((id) => id === tileId);
    if (this.board.isEmpty && this.game.opening_tiles.length > 0) {
      ids = ids.filter((id) => this.game.opening_tiles.includes(id));
    }
    return ids.map(tileParse);
  }

  legalPlacements(tileId = null) {
    return this.board.legalPlacements(this._tiles(tileId));
  }

  fittingRotations(tileId, cell) {
    return this.board.legalPlacementsAt(Cell(cell[0], cell[1]), this._tiles(tileId)).map((p) => p.rotation);
  }

  snapRotation(tileId, cell, preferred = 0) {
    const rotations = this.fittingRotations(tileId, cell);
    if (rotations.length === 0) {
      return null;
    }
    return rotations.includes(preferred) ? preferred : rotations[0];
  }

  /** What placing `tileId` on `cell` would score (the opening bonus left to the server). */
  preview(tileId, cell) {
    return this.board.outcome({ tile: tileParse(tileId), cell: Cell(cell[0], cell[1]) });
  }
}
