// Tooltips for the server-drawn SVG charts: hover with a mouse, tap on a touch screen.
// Each mark carries its text in a <title> (which browsers show on hover, but not on
// touch); this shows the same text in a small bubble next to the mark.

const MARKS = "svg.chart rect.bar, svg.chart circle.dot";

function markText(mark) {
  return mark.querySelector("title")?.textContent.trim() ?? "";
}

export function enableChartTips(root = document) {
  const charts = root.querySelectorAll("svg.chart");
  if (charts.length === 0) return;
  const tip = document.createElement("div");
  tip.className = "chart-tip";
  tip.setAttribute("role", "status");
  tip.hidden = true;
  document.body.appendChild(tip);
  let shown = null;

  const show = (mark) => {
    const text = markText(mark);
    if (!text) return;
    shown?.classList.remove("is-tipped");
    shown = mark;
    mark.classList.add("is-tipped");
    tip.textContent = text;
    tip.hidden = false;
    const box = mark.getBoundingClientRect();
    const width = tip.offsetWidth;
    const left = Math.min(
      Math.max(8, box.left + box.width / 2 - width / 2),
      document.documentElement.clientWidth - width - 8,
    );
    tip.style.left = `${left + window.scrollX}px`;
    tip.style.top = `${box.top + window.scrollY - tip.offsetHeight - 8}px`;
  };
  const hide = () => {
    shown?.classList.remove("is-tipped");
    shown = null;
    tip.hidden = true;
  };

  for (const chart of charts) {
    chart.addEventListener("pointerover", (event) => {
      const mark = event.target.closest(MARKS);
      if (mark && event.pointerType === "mouse") show(mark);
    });
    chart.addEventListener("pointerout", (event) => {
      if (event.pointerType === "mouse" && event.target.closest(MARKS)) hide();
    });
    chart.addEventListener("click", (event) => {
      const mark = event.target.closest(MARKS);
      if (!mark) return;
      // A point leads to its challenge's leaderboard (data-href: the chart is one
      // picture to a screen reader, so it holds no links; the table below has them). On
      // a touch screen the first tap explains the point and the second follows it.
      const href = mark.dataset.href;
      if (href && (mark === shown || event.pointerType === "mouse")) {
        window.location.assign(href);
        return;
      }
      show(mark);
    });
  }
  document.addEventListener("pointerdown", (event) => {
    if (!event.target.closest(MARKS)) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
  });
  window.addEventListener("resize", hide);
}

enableChartTips();
