// The app's icon vocabulary: every icon in the product, named by what it means and drawn by one
// SVG set (lucide), so icons look the same on every system (no emoji or symbol font needed).
// Each icon is imported by name and each export is a plain function, so a bundle carries only
// the icons its screens use: never `import * as` lucide, never `lucide-react/dynamic`.
import type { ReactElement } from "react";
import {
  Activity,
  ArrowDown,
  ArrowLeft,
  ArrowLeftRight,
  AtSign,
  Bell,
  Bot,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  Circle,
  CircleDotDashed,
  Code,
  Copy,
  Download,
  Ellipsis,
  ExternalLink,
  Eye,
  EyeOff,
  File,
  FileArchive,
  FileAudio,
  FileCode,
  FileImage,
  FileJson,
  FileSpreadsheet,
  FileText,
  FileVideo,
  Folder,
  FolderOpen,
  Forward,
  GitBranch,
  Globe,
  ImageOff,
  MessageCircle,
  MessageSquareMore,
  Minus,
  Paperclip,
  Pencil,
  Play,
  Plus,
  RefreshCw,
  Reply,
  RotateCw,
  Search,
  SendHorizontal,
  Sparkles,
  Square,
  Terminal,
  ThumbsDown,
  ThumbsUp,
  Trash2,
  TriangleAlert,
  Upload,
  UserPlus,
  Users,
  X,
  type LucideIcon,
  type LucideProps,
} from "lucide-react";

/** Icons sit next to 14 px text; pass `size` where a place needs another. */
export const ICON_SIZE = 16;

export interface IconProps extends Omit<LucideProps, "ref"> {
  /**
   * The icon's accessible name, for an icon that says something on its own (a warning sign before
   * a text, a state mark). Without it the icon is decorative and hidden from screen readers: an
   * icon that is the only content of a button leaves the name to the button's aria-label.
   */
  label?: string;
}

export type AppIcon = (props: IconProps) => ReactElement;

function draw(Glyph: LucideIcon, { label, size = ICON_SIZE, ...rest }: IconProps): ReactElement {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return <Glyph size={size} focusable="false" {...a11y} {...rest} />;
}

/** Solid shapes (a stop square, a dot) are filled rather than outlined. */
const solid = { fill: "currentColor" };

// Messages and the composer.
export const ReplyIcon: AppIcon = (p) => draw(Reply, p);
export const CopyIcon: AppIcon = (p) => draw(Copy, p);
export const ForwardIcon: AppIcon = (p) => draw(Forward, p);
export const MoreIcon: AppIcon = (p) => draw(Ellipsis, p);
export const ThumbUpIcon: AppIcon = (p) => draw(ThumbsUp, p);
export const ThumbDownIcon: AppIcon = (p) => draw(ThumbsDown, p);
export const RegenerateIcon: AppIcon = (p) => draw(RotateCw, p);
export const RefreshIcon: AppIcon = (p) => draw(RefreshCw, p);
export const AttachIcon: AppIcon = (p) => draw(Paperclip, p);
export const SendIcon: AppIcon = (p) => draw(SendHorizontal, p);
export const StopIcon: AppIcon = (p) => draw(Square, { ...solid, ...p });
export const ChatIcon: AppIcon = (p) => draw(MessageCircle, p);
export const WelcomeIcon: AppIcon = (p) => draw(MessageSquareMore, p);
export const MentionIcon: AppIcon = (p) => draw(AtSign, p);
export const BellIcon: AppIcon = (p) => draw(Bell, p);
export const BrokenImageIcon: AppIcon = (p) => draw(ImageOff, p);

// Generic controls and states.
export const CloseIcon: AppIcon = (p) => draw(X, p);
export const CheckIcon: AppIcon = (p) => draw(Check, p);
export const PlusIcon: AppIcon = (p) => draw(Plus, p);
export const MinimiseIcon: AppIcon = (p) => draw(Minus, p);
export const SearchIcon: AppIcon = (p) => draw(Search, p);
export const WarningIcon: AppIcon = (p) => draw(TriangleAlert, p);
export const EyeIcon: AppIcon = (p) => draw(Eye, p);
export const EyeOffIcon: AppIcon = (p) => draw(EyeOff, p);
export const PencilIcon: AppIcon = (p) => draw(Pencil, p);
export const TrashIcon: AppIcon = (p) => draw(Trash2, p);
export const SparkleIcon: AppIcon = (p) => draw(Sparkles, p);
export const UploadIcon: AppIcon = (p) => draw(Upload, p);
export const DownloadIcon: AppIcon = (p) => draw(Download, p);
export const ExternalIcon: AppIcon = (p) => draw(ExternalLink, p);
export const GlobeIcon: AppIcon = (p) => draw(Globe, p);
/** A small filled dot: a chosen radio item, a tab with an error. */
export const DotIcon: AppIcon = (p) => draw(Circle, { ...solid, size: 8, ...p });
/** A to-do that has not started; {@link InProgressIcon} one under way. */
export const PendingIcon: AppIcon = (p) => draw(Circle, p);
export const InProgressIcon: AppIcon = (p) => draw(CircleDotDashed, p);

// Direction: disclosure chevrons, back, jump.
export const ChevronRightIcon: AppIcon = (p) => draw(ChevronRight, p);
export const ChevronDownIcon: AppIcon = (p) => draw(ChevronDown, p);
export const ChevronLeftIcon: AppIcon = (p) => draw(ChevronLeft, p);
export const CollapseLeftIcon: AppIcon = (p) => draw(ChevronsLeft, p);
export const ExpandRightIcon: AppIcon = (p) => draw(ChevronsRight, p);
export const BackIcon: AppIcon = (p) => draw(ArrowLeft, p);
export const ArrowDownIcon: AppIcon = (p) => draw(ArrowDown, p);
export const SwapIcon: AppIcon = (p) => draw(ArrowLeftRight, p);

// People and virtual employees.
export const PeopleIcon: AppIcon = (p) => draw(Users, p);
export const AddPersonIcon: AppIcon = (p) => draw(UserPlus, p);
export const RobotIcon: AppIcon = (p) => draw(Bot, p);

// The coding workspace.
export const BranchIcon: AppIcon = (p) => draw(GitBranch, p);
export const CodeIcon: AppIcon = (p) => draw(Code, p);
export const TerminalIcon: AppIcon = (p) => draw(Terminal, p);
export const PlayIcon: AppIcon = (p) => draw(Play, p);
export const PulseIcon: AppIcon = (p) => draw(Activity, p);
export const FolderIcon: AppIcon = (p) => draw(Folder, p);
export const FolderOpenIcon: AppIcon = (p) => draw(FolderOpen, p);

// Files, by type (see FileTypeIcon for the choice from a file name).
export const FileIcon: AppIcon = (p) => draw(File, p);
export const FileTextIcon: AppIcon = (p) => draw(FileText, p);
export const FileCodeIcon: AppIcon = (p) => draw(FileCode, p);
export const FileDataIcon: AppIcon = (p) => draw(FileJson, p);
export const FileImageIcon: AppIcon = (p) => draw(FileImage, p);
export const FileVideoIcon: AppIcon = (p) => draw(FileVideo, p);
export const FileAudioIcon: AppIcon = (p) => draw(FileAudio, p);
export const FileSheetIcon: AppIcon = (p) => draw(FileSpreadsheet, p);
export const FileArchiveIcon: AppIcon = (p) => draw(FileArchive, p);
