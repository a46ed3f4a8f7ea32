// What the archive's play page says: where a run would have ranked on its day's board,
// worked out by the server and never stored. DOM-free; every sentence through the catalog.

import { gettext, interpolate, ngettext } from "../lib/i18n.js";
import { END_TITLES } from "./words.js";

/** Why an archive run ended, as its end screen titles it. */
export function archiveEndTitle(reason) {
  return reason === "time" || reason === "cleared" ? END_TITLES[reason] : gettext("Archive run over");
}

/** The server's answer ({valid, score, rank, count}) in a sentence. */
export function wouldRankText(answer) {
  if (!answer.valid) {
    return interpolate(gettext("The server's replay refused this run: %(reason)s"), { reason: answer.detail ?? "" });
  }
  if (answer.count === 0 || answer.rank === null) {
    return interpolate(gettext("%(score)s points: nobody entered that day's board, so it would have ranked first."), {
      score: answer.score,
    });
  }
  // Ranked among the board's entries and this run: of count + 1.
  const total = answer.count + 1;
  return interpolate(
    ngettext(
      "%(score)s points would have ranked %(rank)s of %(total)s on that day's board.",
      "%(score)s points would have ranked %(rank)s of %(total)s on that day's board.",
      total,
    ),
    { score: answer.score, rank: answer.rank, total },
  );
}

export const RANK_ASKING = gettext("Asking the server where this run would have ranked…");
export const RANK_UNAVAILABLE = gettext("Where this run would have ranked cannot be worked out now (no connection).");

/** Said as an archive run begins. */
export function archiveStarted(traySize, timed) {
  const format = timed
    ? ngettext(
        "Archive run: %(count)s tile in your tray; the clock starts when you pick it. Never ranked.",
        "Archive run: %(count)s tiles in your tray; the clock starts when you pick one. Never ranked.",
        traySize,
      )
    : ngettext(
        "Archive run without a clock: %(count)s tile in your tray. Never ranked.",
        "Archive run without a clock: %(count)s tiles in your tray. Never ranked.",
        traySize,
      );
  return interpolate(format, { count: traySize });
}
