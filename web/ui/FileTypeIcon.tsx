import {
  FileArchiveIcon,
  FileAudioIcon,
  FileCodeIcon,
  FileDataIcon,
  FileIcon,
  FileImageIcon,
  FileSheetIcon,
  FileTextIcon,
  FileVideoIcon,
  type AppIcon,
  type IconProps,
} from "./icons";

const BY_EXTENSION = new Map<string, AppIcon>();
function mapTo(icon: AppIcon, extensions: string): void {
  for (const ext of extensions.split(" ")) BY_EXTENSION.set(ext, icon);
}
mapTo(FileTextIcon, "txt md markdown mdx rst log pdf doc docx odt rtf");
mapTo(FileCodeIcon, "js jsx mjs cjs ts tsx css scss less html htm xml py rb go rs java kt c h cpp hpp cs php sh bash zsh sql graphql vue svelte");
mapTo(FileDataIcon, "json jsonc yaml yml toml ini cfg conf env lock");
mapTo(FileImageIcon, "png jpg jpeg gif webp bmp ico avif apng svg");
mapTo(FileVideoIcon, "mp4 webm ogv mov m4v avi mkv");
mapTo(FileAudioIcon, "mp3 wav ogg oga m4a aac flac opus");
mapTo(FileSheetIcon, "csv tsv xlsx xlsm xls ods");
mapTo(FileArchiveIcon, "zip rar 7z tar gz tgz bz2 xz");

/** The icon for a file's type, chosen from its name's extension; a plain file icon for anything else. */
export function fileTypeIcon(fileName: string): AppIcon {
  const base = fileName.slice(fileName.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return (dot > 0 && BY_EXTENSION.get(base.slice(dot + 1).toLowerCase())) || FileIcon;
}

/** A file's icon by its type (see {@link fileTypeIcon}). */
export function FileTypeIcon({ fileName, ...props }: IconProps & { fileName: string }) {
  const Icon = fileTypeIcon(fileName);
  return <Icon {...props} />;
}
