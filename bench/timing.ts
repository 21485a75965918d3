/** One call of `fn`: its wall time and this process's CPU time (user + system), in milliseconds. */
export function timedCall(fn: () => unknown): { wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}
