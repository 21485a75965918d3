/** The demo Vision planning application (plan types Plan1 and Plan2) and its parts. */
export { createVisionPlanning, VISION_FORMS, VISION_TASK_LISTS } from "./vision-app.ts";
export { GROWTH_RATES, loadVisionPlan1, visionPlan1Texts } from "./vision-data.ts";
export {
  VISION_VARIABLES,
  visionPlan1Outline,
  visionPlan1Spec,
  visionPlan2Outline,
  visionPlan2Spec,
} from "./vision-outline.ts";
export { VISION_PLAN2_RULES, VISION_RULES } from "./vision-rules.ts";
