/** Runs `work` while counting the turns of the event loop (a ticker on `setImmediate`): its result and the count. */
export async function countingTurns<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let on = true;
  const tick = () => {
    turns++;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { value: await work(), turns };
  } finally {
    on = false;
  }
}
