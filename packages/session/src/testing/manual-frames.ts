/** A runtime whose frames the test paints (ChatSessionOptions.nextFrame), one `paint()` at a time. */
export function manualFrames() {
  const waiting: Array<() => void> = [];
  return {
    nextFrame: (run: () => void) => void waiting.push(run),
    paint: () => {
      for (const run of waiting.splice(0)) run();
    },
  };
}
