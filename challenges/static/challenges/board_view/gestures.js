// Pointer and wheel gestures on the board: the wheel and a pinch zoom, a drag on the
// board pans, a tap (a press that hardly moved) is reported to `onTap`.

// A few pixels of jitter is still a tap, not a pan.
const TAP_TRAVEL_PX = 6;

/**
 * Listens on `svgElement` and moves `camera` (a BoardCamera); `onTap(clientX, clientY,
 * event)` is called for a click or tap that did not pan; `wheel: false` leaves the
 * wheel to the page.
 */
export function listenGestures(svgElement, camera, { onTap = null, wheel = true } = {}) {
  const pointers = new Map();
  let gesture = null;

  if (wheel) {
    svgElement.addEventListener(
      "wheel",
      (event) => {
        event.preventDefault();
        const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015));
        camera.zoomBy(factor, event.clientX, event.clientY);
      },
      { passive: false },
    );
  }
  svgElement.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 && event.pointerType === "mouse") {
      return;
    }
    svgElement.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    gesture = pointers.size === 1 ? { travel: 0 } : null;
    svgElement.classList.add("board--panning");
  });
  svgElement.addEventListener("pointermove", (event) => {
    const previous = pointers.get(event.pointerId);
    if (previous === undefined) {
      return;
    }
    if (pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      const before = { d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const [c, d] = [...pointers.values()];
      const after = { d: Math.hypot(c.x - d.x, c.y - d.y), mx: (c.x + d.x) / 2, my: (c.y + d.y) / 2 };
      if (before.d > 0) {
        camera.zoomBy(after.d / before.d, after.mx, after.my);
      }
      camera.panBy(after.mx - before.mx, after.my - before.my);
      return;
    }
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (gesture !== null) {
      gesture.travel += Math.hypot(event.clientX - previous.x, event.clientY - previous.y);
      if (gesture.travel < TAP_TRAVEL_PX) {
        return;
      }
    }
    camera.panBy(event.clientX - previous.x, event.clientY - previous.y);
  });
  const release = (event) => {
    if (event.type === "pointerup" && gesture !== null && gesture.travel < TAP_TRAVEL_PX && pointers.size === 1) {
      onTap?.(event.clientX, event.clientY, event);
    }
    gesture = null;
    pointers.delete(event.pointerId);
    if (pointers.size === 0) {
      svgElement.classList.remove("board--panning");
    }
  };
  svgElement.addEventListener("pointerup", release);
  svgElement.addEventListener("pointercancel", release);
}
