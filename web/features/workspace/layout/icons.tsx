import { Icon } from "../../../ui/Icon";

type P = { size?: number };
const path = (d: string) =>
  function PathIcon({ size }: P) {
    return (
      <Icon size={size}>
        <path d={d} />
      </Icon>
    );
  };

export const PlusIcon = path("M12 5v14M5 12h14");
export const FolderIcon = path("M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z");
export const FolderOpenIcon = path("M3 7a2 2 0 0 1 2-2h4l2 2h6a2 2 0 0 1 2 2v1M3 7v10a2 2 0 0 0 2 2h12l3-8H6l-3 8");
export const FileIcon = path("M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5");
export const BellIcon = path("M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0");
export const RefreshIcon = path("M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5");
export const UploadIcon = path("M12 16V4M7 9l5-5 5 5M4 20h16");
export const DownloadIcon = path("M12 4v12M7 11l5 5 5-5M4 20h16");
export const EyeIcon = path("M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z");
export const EyeOffIcon = path(
  "M3 3l18 18M10.6 5.1A9.8 9.8 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.1 3.9M6.6 6.6C3.9 8.3 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2",
);
export const CollapseLeftIcon = path("M11 17l-5-5 5-5M18 17l-5-5 5-5");
export const ExpandRightIcon = path("M13 17l5-5-5-5M6 17l5-5-5-5");
export const SwapIcon = path("M7 4L3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7");
export const PulseIcon = path("M3 12h4l3-8 4 16 3-8h4");
export const PlayIcon = path("M7 4l13 8-13 8z");
export const TerminalIcon = path("M4 17l6-5-6-5M12 19h8");
export const CodeIcon = path("M8 6l-6 6 6 6M16 6l6 6-6 6");
export const BranchIcon = path("M6 3v12M18 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 9a9 9 0 0 1-9 9");
