// The settings page: a Copy button for a token shown once. Without JavaScript the
// token stays selectable text (user-select: all), which is enough to copy it by hand.

for (const button of document.querySelectorAll("button[data-copy]")) {
  const source = document.getElementById(button.dataset.copy);
  const done = button.parentElement.querySelector("[data-copied]");
  if (!source || !navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(source.textContent.trim());
      if (done) done.hidden = false;
    } catch {
      window.getSelection()?.selectAllChildren(source);
    }
  });
}
