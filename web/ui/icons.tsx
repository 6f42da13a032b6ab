// The app's icon vocabulary: every icon in the product, named by what it means and drawn by one
// SVG set (lucide), so icons look the same on every system (no emoji or symbol font needed).
//
// The names are re-exports, not wrapper components: a bundler follows each one to its own lucide
// module, so a chunk carries only the icons its screens use (a wrapper module would pull every
// icon it names into whichever chunk first imports it, the first page included). Never
// `import * as` lucide, never `lucide-react/dynamic`.
//
// Defaults: IconDefaults at the app's root sizes icons at ICON_SIZE unless they say otherwise.
// An icon is hidden from screen readers (lucide adds aria-hidden) unless it has an accessible
// name: an icon that is the only content of a button leaves the name to the button's aria-label;
// an icon that says something on its own takes `{...iconLabel(text)}`.
import { LucideProvider } from "lucide-react";
import type { ReactNode } from "react";

export type { LucideIcon as AppIcon, LucideProps as IconProps } from "lucide-react";

/** Icons sit next to 14 px text; pass `size` where a place needs another. */
export const ICON_SIZE = 16;

/** Gives every icon below it the app's default size. */
export function IconDefaults({ children }: { children: ReactNode }) {
  return <LucideProvider size={ICON_SIZE}>{children}</LucideProvider>;
}

/** The props that give a standalone icon (a warning sign before a text, a state mark) its accessible name. */
export function iconLabel(label: string) {
  return { role: "img", "aria-label": label } as const;
}

// Messages and the composer.
export {
  Reply as ReplyIcon,
  Copy as CopyIcon,
  Forward as ForwardIcon,
  Ellipsis as MoreIcon,
  ThumbsUp as ThumbUpIcon,
  ThumbsDown as ThumbDownIcon,
  RotateCw as RegenerateIcon,
  RefreshCw as RefreshIcon,
  Paperclip as AttachIcon,
  SendHorizontal as SendIcon,
  Square as StopIcon,
  MessageCircle as ChatIcon,
  MessageSquareMore as WelcomeIcon,
  AtSign as MentionIcon,
  Bell as BellIcon,
  ImageOff as BrokenImageIcon,
} from "lucide-react";

// Generic controls and states.
export {
  X as CloseIcon,
  Check as CheckIcon,
  Plus as PlusIcon,
  Minus as MinimiseIcon,
  Search as SearchIcon,
  TriangleAlert as WarningIcon,
  Eye as EyeIcon,
  EyeOff as EyeOffIcon,
  Pencil as PencilIcon,
  Trash2 as TrashIcon,
  Sparkles as SparkleIcon,
  Upload as UploadIcon,
  Download as DownloadIcon,
  ExternalLink as ExternalIcon,
  Globe as GlobeIcon,
  Share2 as ShareIcon,
  RotateCcw as RetryIcon,
  LoaderCircle as LoaderIcon,
  // A small dot, filled (fill="currentColor"): a chosen radio item, a tab with an error.
  Circle as DotIcon,
  // A to-do that has not started, and one under way.
  Circle as PendingIcon,
  CircleDotDashed as InProgressIcon,
} from "lucide-react";

// Direction: disclosure chevrons, back, jump.
export {
  ChevronRight as ChevronRightIcon,
  ChevronDown as ChevronDownIcon,
  ChevronLeft as ChevronLeftIcon,
  ChevronsLeft as CollapseLeftIcon,
  ChevronsRight as ExpandRightIcon,
  ArrowLeft as BackIcon,
  ArrowDown as ArrowDownIcon,
  ArrowLeftRight as SwapIcon,
} from "lucide-react";

// Zoom and rotate (the file preview's images, diagrams), full screen, export.
export {
  ZoomIn as ZoomInIcon,
  ZoomOut as ZoomOutIcon,
  RotateCcw as RotateLeftIcon,
  RotateCw as RotateRightIcon,
  RotateCcw as ResetViewIcon,
  Maximize2 as FullScreenIcon,
  Minimize2 as ExitFullScreenIcon,
  ImageDown as SaveImageIcon,
  FileDown as SaveFileIcon,
} from "lucide-react";

// People and virtual employees.
export { Users as PeopleIcon, UserPlus as AddPersonIcon, Bot as RobotIcon } from "lucide-react";

// The coding workspace.
export {
  GitBranch as BranchIcon,
  Code as CodeIcon,
  Terminal as TerminalIcon,
  Play as PlayIcon,
  Activity as PulseIcon,
  Folder as FolderIcon,
  FolderOpen as FolderOpenIcon,
  ImageUp as ImageUploadIcon,
  Link as LinkIcon,
  List as ListIcon,
  Table as TableIcon,
} from "lucide-react";

// Files, by type (FileTypeIcon chooses one from a file name).
export {
  File as FileIcon,
  FileText as FileTextIcon,
  FileCode as FileCodeIcon,
  FileJson as FileDataIcon,
  FileImage as FileImageIcon,
  FileVideo as FileVideoIcon,
  FileAudio as FileAudioIcon,
  FileSpreadsheet as FileSheetIcon,
  FileArchive as FileArchiveIcon,
  FileQuestion as FileUnknownIcon,
  FileWarning as FileWarningIcon,
} from "lucide-react";

// What the product is used for (the onboarding purposes, spec 01 §2).
export {
  PenLine as WritingIcon,
  CodeXml as DevelopIcon,
  Palette as DesignIcon,
  ChartColumn as AnalyzeIcon,
  Presentation as SlidesIcon,
  Megaphone as MarketingIcon,
  Gem as BrandIcon,
  PartyPopper as SetupCompleteIcon,
} from "lucide-react";

// The file analysis viewer: its modes, the player, the speakers of a transcript.
export {
  Pause as PauseIcon,
  SkipBack as SkipBackIcon,
  SkipForward as SkipForwardIcon,
  UserRound as SpeakerIcon,
  BookOpenText as SummaryIcon,
  ScrollText as TranscriptIcon,
  Network as MindmapIcon,
  Lightbulb as InsightIcon,
  Telescope as ResearchIcon,
  Headphones as PodcastIcon,
  AudioLines as AnalyzeFileIcon,
} from "lucide-react";
