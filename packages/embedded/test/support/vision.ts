/** The demo's Vision planning application, as the providers and the API name it. */
export const vision = { server: "Planning", application: "Vision" } as const;

/**
 * GrowRevenue of Plan1 on entity 410 by 10 %, with a comment: a graphical rule that writes cells and a text
 * (journaled as the rule and its prompts). The input of `launchRule`, and of `action/launchrule` with `vision`.
 */
export const growRevenue410 = (comment: string) => ({
  cube: "Plan1",
  ruleName: "GrowRevenue",
  ruleType: "graphical" as const,
  prompts: [
    { name: "Entities", value: "410" },
    { name: "GrowthPct", value: "10" },
    { name: "Comment", value: comment },
  ],
});
