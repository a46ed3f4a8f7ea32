// The race while a run is played: the score each ghost had at the same second (the
// player's best run of this challenge, and another player's once the results are
// public), the gap to it told at every checkpoint (each 15 s), and the medal marks at
// shares of par. Everything comes with the run's start; nothing here asks the server.
// DOM-free: race_view.js puts the reading on the page.

import { gettext, interpolate } from "../lib/i18n.js";
import { formatPercent } from "./end_words.js";

export const CHECKPOINT_MS = 15000;

/** The medals' names, by the server's medal codes. */
export const MEDAL_NAMES = Object.freeze({
  bronze: gettext("bronze"),
  silver: gettext("silver"),
  gold: gettext("gold"),
});

/** The score `ghost` had `elapsedMs` into its run (its last second after its end). */
export function ghostScoreAt(ghost, elapsedMs) {
  const { scores } = ghost;
  const second = Math.min(scores.length - 1, Math.max(0, Math.floor(elapsedMs / 1000)));
  return scores[second];
}

/** The last checkpoint reached `elapsedMs` into a run, in ms (null before the first). */
export function checkpointAt(elapsedMs) {
  const passed = Math.floor(elapsedMs / CHECKPOINT_MS);
  return passed >= 1 ? passed * CHECKPOINT_MS : null;
}

/**
 * What the race shows `elapsedMs` into the run, scoring `score`, having scored
 * `scoreAt(ms)` at each past moment: per ghost its score now and the gap at the last
 * checkpoint; per medal whether it is reached.
 */
export function raceReading(ghosts, { elapsedMs, score, scoreAt }) {
  const checkpoint = checkpointAt(elapsedMs);
  const lines = [ghosts.best, ghosts.other]
    .filter((ghost) => ghost !== null && ghost !== undefined)
    .map((ghost) => ({
      ghost,
      now: ghostScoreAt(ghost, elapsedMs),
      gap: checkpoint === null ? null : scoreAt(checkpoint) - ghostScoreAt(ghost, checkpoint),
      checkpoint,
    }));
  const medals = (ghosts.medals ?? []).map((medal) => ({ ...medal, reached: score >= medal.score }));
  return { lines, medals };
}

/** The score at `ms` of a run whose score became `score` at `t` for each `{t, score}`
 * of `timeline` (in order; 0 before the first). */
export function timelineScoreAt(timeline, ms) {
  let reached = 0;
  for (const point of timeline) {
    if (point.t > ms) break;
    reached = point.score;
  }
  return reached;
}

/** "+12", "−8" or "±0": a gap with its sign (a real minus sign). */
export function gapText(gap) {
  if (gap > 0) return `+${gap}`;
  if (gap < 0) return `\u2212${-gap}`;
  return "\u00b10";
}

/** Whose ghost a line races, as its label says it. */
export function ghostLabel(ghost) {
  if (ghost.kind === "best") return gettext("Your best");
  const format = ghost.kind === "friend" ? gettext("%(player)s (followed)") : gettext("%(player)s (leader)");
  return interpolate(format, { player: ghost.player });
}

/** A line as a screen reader hears it at a checkpoint. */
export function checkpointSpoken(line) {
  return interpolate(gettext("%(seconds)s seconds: %(gap)s against %(ghost)s."), {
    seconds: line.checkpoint / 1000,
    gap: gapText(line.gap),
    ghost: ghostLabel(line.ghost),
  });
}

/** A medal's mark, read out: "silver at 301 (75% of par)". */
export function medalLabel(medal) {
  return interpolate(gettext("%(medal)s at %(score)s (%(percent)s of par)"), {
    medal: MEDAL_NAMES[medal.medal] ?? medal.medal,
    score: medal.score,
    percent: formatPercent(medal.percent),
  });
}
