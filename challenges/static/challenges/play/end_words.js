// What the end screen says: the server's verdict, why a run is practice, the submit's
// outcome. DOM-free; every sentence through the catalog (../i18n.js, docs/i18n.md).
// (Eligibility's words are witness_words.js.)

import { formatNumber, gettext, interpolate, ngettext, pageLanguage } from "../lib/i18n.js";
import { endIneligible } from "../lib/witness_words.js";
import { cellText, refusalReason, tileSpoken } from "./words.js";

/** "75%" for 75, as the page's language writes a percentage ("75 %" in French). */
export function formatPercent(percent) {
  return new Intl.NumberFormat(pageLanguage(), { style: "percent", maximumFractionDigits: 0 }).format(percent / 100);
}

export const ALREADY_SUBMITTED = gettext("You have already submitted a run for this challenge.");
export const ONE_RUN_COUNTS = gettext("Only one run per challenge counts.");
export const SEE_LEADERBOARD = gettext("See the leaderboard");
export const NO_MOVES = gettext("No moves in this run.");
export const DRAW_MOVE = gettext("Draw");

/** The server's verdict in words, or "" when there is nothing to say. */
export function verdictText(result, clientScore) {
  if (!result.valid) {
    const error = result.error;
    if (result.refused) {
      // Refused before any replay: a code this page words, or the server's whole
      // sentence (already in the reader's language) on its own, never inside ours.
      return result.code === "deadline_passed"
        ? interpolate(gettext("The server did not take this run: %(reason)s."), { reason: refusalReason(result) })
        : [gettext("The server did not take this run."), result.detail ?? ""].join(" ").trim();
    }
    // What the rules refused is worded in the page's language from its code.
    const reason = error ? `${refusalReason(error)} (${error.code})` : gettext("the rules refuse it");
    const hasMove = error && error.move !== null && error.move !== undefined;
    const values = { reason, score: clientScore, move: hasMove ? error.move + 1 : null };
    return hasMove
      ? interpolate(
          gettext(
            "The server rejected this run at move %(move)s: %(reason)s. Your browser counted %(score)s points, but only the server's replay counts, and only a valid run can be submitted.",
          ),
          values,
        )
      : interpolate(
          gettext(
            "The server rejected this run: %(reason)s. Your browser counted %(score)s points, but only the server's replay counts, and only a valid run can be submitted.",
          ),
          values,
        );
  }
  const notes = [];
  const ineligible = endIneligible(result);
  if (ineligible !== null) {
    notes.push(ineligible);
  }
  if (result.score !== clientScore) {
    notes.push(
      interpolate(
        gettext(
          "Your browser counted %(client)s points; the server's replay gives %(server)s, and the server's count is the one that stands.",
        ),
        { client: clientScore, server: result.score },
      ),
    );
  }
  return notes.join(" ");
}

/** What a screen reader hears when the end screen opens. */
export function endAnnouncement({ title, result, submittable, best }) {
  const parts = [interpolate(gettext("%(title)s The server's score: %(score)s."), { title, score: result.score })];
  if (!result.valid) parts.push(gettext("The run was rejected."));
  if (result.valid && !submittable) parts.push(gettext("It counts as practice: it cannot enter the leaderboard."));
  if (best !== null) parts.push(interpolate(gettext("Your best on this challenge: %(best)s."), { best }));
  return parts.join(" ");
}

/**
 * The submit's outcome as pieces of one sentence: [text, emphasis] pairs, where
 * emphasis is "strong", "num" (a number, not stressed) or null. The translated
 * sentence keeps its placeholders where its language puts them; each becomes a piece.
 */
export function submitSentence(outcome) {
  if (outcome.kind === "entered" && outcome.entry.status === "held") {
    // Under review: one plain sentence of why, never a measure or the would-be rank.
    return [
      [gettext("Submitted: your entry is under review."), "strong"],
      [` ${reviewSentence(outcome.entry.review)}`, null],
    ];
  }
  if (outcome.kind === "entered") {
    const { rank, count, percentile } = outcome.entry;
    const sentence = gettext(
      "Submitted! You are %(rank)s of %(count)s, scoring as well as or better than %(percent)s of entries.",
    );
    const pieces = {
      rank: [`#${formatNumber(rank)}`, "strong"],
      count: [formatNumber(count), "num"],
      percent: [formatPercent(Math.round(percentile)), "strong"],
    };
    return sentence
      .split(/(%\(\w+\)s)/)
      .filter((part) => part !== "")
      .map((part) => {
        const name = /^%\((\w+)\)s$/.exec(part)?.[1];
        return name && pieces[name] ? pieces[name] : [part, null];
      });
  }
  if (outcome.kind === "already") {
    return [[`${outcome.detail} ${ONE_RUN_COUNTS}`, null]];
  }
  return [[outcome.message, null]];
}

/** A held entry's review (API.md "Submit"), in the page's language: one sentence for
 * every hold, whatever held it. */
export function reviewSentence(review) {
  const checked = gettext("Some entries are checked by a person before they go on the board.");
  return review?.code === "checked_by_a_person" ? checked : (review?.detail ?? checked);
}

// ------------------------------------------------- bests, place, runs, share

/** The moment a run beats a best: the widest span it beats, in words; null when none. */
export function bestMoment(newBests) {
  if (newBests.includes("all_time")) return gettext("New personal best!");
  if (newBests.includes("week")) return gettext("Your best this week!");
  if (newBests.includes("today")) return gettext("Your best today!");
  return null;
}

/** "Your best today 40, this week 55, ever 90" (before this run), or null with none. */
export function bestsLine(before) {
  const spanWords = {
    today: gettext("today %(score)s"),
    week: gettext("this week %(score)s"),
    all_time: gettext("ever %(score)s"),
  };
  const parts = Object.entries(spanWords)
    .filter(([span]) => before[span] !== null && before[span] !== undefined)
    .map(([span, words]) => interpolate(words, { score: before[span] }));
  return parts.length === 0 ? null : interpolate(gettext("Your best before this run: %(bests)s."), { bests: parts.join(", ") });
}

/** Where the run stands on the board, or would if submitted now; null when neither. */
export function placeLine({ entry, would_be: wouldBe }) {
  const place = (standing) => ({ rank: formatNumber(standing.rank), count: formatNumber(standing.count) });
  if (entry) return interpolate(gettext("Your entry: rank %(rank)s of %(count)s."), place(entry));
  if (wouldBe) return interpolate(gettext("Submitted now, it would be rank %(rank)s of %(count)s."), place(wouldBe));
  return null;
}

export const RUNS_TITLE = gettext("Your runs of this challenge");
export const BEST_TAG = gettext("best");
export const SUBMITTED_TAG = gettext("your entry");
export const THIS_RUN_TAG = gettext("this run");
export const PRACTICE_TAG = gettext("practice");
export const SUBMIT_THIS = gettext("Submit");

export function runRowLabel(score, when) {
  return interpolate(gettext("%(score)s points, started %(when)s"), { score, when });
}

export const CONFIRM_SUBMIT = gettext("Submit this run? Only one run per challenge counts.");
export const SHARE = gettext("Share");
export const SHARED = gettext("Shared.");
export const COPIED = gettext("Copied: paste it anywhere.");
export const SHARE_FAILED = gettext("Could not copy it. Here it is to copy by hand:");

/** The final board for a screen reader: how many tiles, and each tile where it lies
 * (`placements`: [{tile, cell}], in the order they were laid). */
export function finalBoardDescription(placements) {
  if (placements.length === 0) {
    return gettext("The board at the end of the run is empty.");
  }
  const tiles = placements.map(({ tile, cell }) =>
    interpolate(gettext("%(tile)s at %(cell)s"), { tile: tileSpoken(tile), cell: cellText(cell) }),
  );
  return interpolate(
    ngettext(
      "The board at the end of the run, %(count)s tile: %(tiles)s.",
      "The board at the end of the run, %(count)s tiles: %(tiles)s.",
      placements.length,
    ),
    { count: placements.length, tiles: tiles.join("; ") },
  );
}
