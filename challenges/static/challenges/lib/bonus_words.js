// Each bonus of the engine's one list (ruleset.json's `bonuses`) in the reader's words:
// its label ("Double hexagon") and its name inside a sentence ("double hexagon", lower
// case where the language does that). A bonus without its words here fails a test.

import { gettext } from "./i18n.js";

// Read from the catalog when first evaluated: the page loads it before any module runs.
const WORDS = Object.freeze({
  bridge: { label: gettext("Bridge"), name: gettext("bridge") },
  hexagon: { label: gettext("Hexagon"), name: gettext("hexagon") },
  double_hexagon: { label: gettext("Double hexagon"), name: gettext("double hexagon") },
  triple_hexagon: { label: gettext("Triple hexagon"), name: gettext("triple hexagon") },
});

/** "Double hexagon": a bonus as a label. */
export function bonusLabel(bonus) {
  return WORDS[bonus]?.label ?? bonus;
}

/** "double hexagon": a bonus's name inside a sentence. */
export function bonusName(bonus) {
  return WORDS[bonus]?.name ?? bonus;
}

/** Every bonus's label, keyed by the bonus. */
export const BONUS_LABELS = Object.freeze(Object.fromEntries(Object.entries(WORDS).map(([bonus, words]) => [bonus, words.label])));
