import type { PurposeId } from "../../../contract";
import { AnalyzeIcon, BrandIcon, DesignIcon, DevelopIcon, MarketingIcon, SlidesIcon, WritingIcon, type AppIcon } from "../../ui/icons";

export const PURPOSE_ICONS: Record<PurposeId, AppIcon> = {
  writing: WritingIcon,
  develop: DevelopIcon,
  design: DesignIcon,
  analyze: AnalyzeIcon,
  slides: SlidesIcon,
  marketing: MarketingIcon,
  brand: BrandIcon,
};
