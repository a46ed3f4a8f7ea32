// The colours this browser shows (a classic script in <head>, run before the page is
// drawn, so the page never flashes in the other colours): the high-contrast sheet
// (contrast.css, the link #contrast-sheet) applies when the player chose it on the
// settings page, or, when they chose nothing, when the device asks for more contrast.
// The settings page calls `todColours.choose` (pages/colours.js).
(() => {
  const KEY = "tod:colours";
  // Each choice as the sheet's media: "device" follows prefers-contrast.
  const MEDIA = { device: "(prefers-contrast: more)", contrast: "all", standard: "not all" };

  function chosen() {
    try {
      const value = window.localStorage.getItem(KEY);
      return Object.hasOwn(MEDIA, value) ? value : "device";
    } catch {
      return "device";
    }
  }

  function apply(choice) {
    const sheet = document.getElementById("contrast-sheet");
    if (sheet) sheet.media = MEDIA[choice];
    document.documentElement.dataset.colours = choice;
  }

  window.todColours = {
    chosen,
    choose(choice) {
      if (!Object.hasOwn(MEDIA, choice)) return;
      try {
        window.localStorage.setItem(KEY, choice);
      } catch {
        // Storage refused: this page only.
      }
      apply(choice);
    },
  };
  apply(chosen());
})();
