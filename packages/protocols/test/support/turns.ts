/** Counts the turns of the event loop (a ticker on `setImmediate`) from its start until `stop`. */
export function turnCounter(): { readonly turns: number; stop(): void } {
  let turns = 0;
  let on = true;
  const tick = () => {
    turns++;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turns() {
      return turns;
    },
    stop() {
      on = false;
    },
  };
}

/** Runs `work` while counting the turns of the event loop (a ticker on `setImmediate`): its result and the count. */
export async function countingTurns<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  const counter = turnCounter();
  try {
    return { value: await work(), turns: counter.turns };
  } finally {
    counter.stop();
  }
}
