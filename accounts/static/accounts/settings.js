// The settings page: a Copy button for a token shown once. Without JavaScript the
// token stays selectable text (user-select: all), which is enough to copy it by hand.

/** Copies `source`'s text: through the clipboard API, or, where the browser refuses it
 * (no permission, a document without the focus), by selecting the text and the
 * browser's own copy. Resolves to whether the text was copied; it is left selected
 * when it was not, for the reader to copy by hand. */
async function copied(source) {
  try {
    await navigator.clipboard.writeText(source.textContent.trim());
    return true;
  } catch {
    window.getSelection()?.selectAllChildren(source);
    return document.execCommand("copy");
  }
}

for (const button of document.querySelectorAll("button[data-copy]")) {
  const source = document.getElementById(button.dataset.copy);
  const done = button.parentElement.querySelector("[data-copied]");
  if (!source || !navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    const ok = await copied(source);
    if (done) done.hidden = !ok;
  });
}
