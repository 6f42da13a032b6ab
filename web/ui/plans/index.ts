export { PlanCard, type LimitedItem } from "./PlanCard";
export { PlanLimitModal, type PlanLimitModalProps } from "./PlanLimitModal";
export { planAction, recommendedTier, type PlanAction } from "./planActions";
export { usePlanActionHandler } from "./usePlanActionHandler";
