// Runs qibates-snapshot as a user does, and tells its peak memory at exit (for bench/snapshot.ts).
process.on("exit", () => {
  process.stderr.write(`maxrss ${process.resourceUsage().maxRSS}\n`);
});
await import("../packages/cli/bin/qibates-snapshot.mjs");
