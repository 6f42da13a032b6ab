import { PLAN_CATALOGUE, TIERS } from "../../contract";

/**
 * Chinese for the texts the server answers in English (validation, security refusals), so a toast or
 * inline error is never English-only in the zh UI. The server keeps one language (its texts are the
 * spec's and the API's contract); the client translates what it shows. Unknown texts pass through.
 */
const EXACT: Record<string, string> = {
  "Origin not allowed": "不允许来自此来源的请求",
  Unauthorized: "未登录或登录已过期",
  "Not found": "未找到",
  "Invalid password": "密码无效",
  "Please enter your password": "请输入密码",
  "Please enter your name": "请输入您的名字",
  "Please enter a name": "请输入名称",
  "Please enter a valid email address.": "请输入有效的电子邮箱地址。",
  "Password must not contain your email or name": "密码不能包含您的邮箱或名字",
  "This password is too common. Please choose a less common one.": "该密码过于常见，请换一个不常见的密码。",
  "If this email is not registered yet, your account has been created. Sign in with your email and password.":
    "如果该邮箱尚未注册，您的账号已创建。请使用邮箱和密码登录。",
  "Session not found": "未找到该会话",
  "Name is too long": "名称过长",
  "File name is required": "请输入文件名",
  "File name is too long": "文件名过长",
  "Paths inside .git cannot be changed through the file API": "不能通过文件接口修改 .git 内的路径",
  "This server address is not allowed": "不允许访问此服务器地址",
  "Clone failed: the repository could not be reached or read": "克隆失败：无法访问或读取该仓库",
  "Invalid repository URL": "仓库地址无效",
  "Workspace is not empty": "工作区不为空",
  "Workspace not found": "未找到工作区",
  "Invalid regular expression": "正则表达式无效",
  "Unsupported regular expression: backreferences and lookaround are not supported": "不支持的正则表达式：不支持反向引用和环视",
  "Regular expression is too complex": "正则表达式过于复杂",
  "Search was replaced by a newer search in this workspace": "此工作区的搜索已被新的搜索取代",
  "Please enter a search query": "请输入搜索内容",
  "Search query is too long": "搜索内容过长",
  "File types must be extensions such as ts or .md": "文件类型必须是扩展名，例如 ts 或 .md",
  "Too many file types (limit 50)": "文件类型过多（上限 50 个）",
  "Workspace isolation is unavailable: the sandbox host runs as root without bubblewrap (apt-get install -y bubblewrap)":
    "工作区隔离不可用：沙箱主机以 root 运行且未安装 bubblewrap（apt-get install -y bubblewrap）",
  "Only chat messages can be sent in the discussion stream": "讨论区只能发送聊天消息",
  "Only requests to the agent can be sent in this stream": "此处只能向智能体发送请求",
  "Too many frames": "发送过于频繁",
  "Signed out": "已退出登录",
  "File too large (limit 5 MB)": "文件过大（上限 5 MB）",
  "Not a file": "不是文件",
  "Not a git repository": "不是 Git 仓库",
};

/** What a name is called in the rule texts of contract/names.ts. */
const LABELS: Record<string, string> = {
  Name: "名称",
  Password: "密码",
  "Group name": "群组名称",
  "VIRE name": "虚拟员工名称",
  "File name": "文件名",
  "Knowledge base name": "知识库名称",
  "Organization name": "组织名称",
  "Project name": "项目名称",
};

/** The plan names as the server says them (the catalogue's English names), in Chinese. */
const PLAN_NAMES: Record<string, string> = Object.fromEntries(TIERS.map((t) => [PLAN_CATALOGUE[t].displayName.en, PLAN_CATALOGUE[t].displayName.zh]));

const PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [
    /^Project limit reached: your (.+) plan supports up to (\d+) projects?\.$/,
    (m) => `项目数量已达上限：您的${PLAN_NAMES[m[1] ?? ""] ?? m[1]}最多支持 ${m[2]} 个项目。`,
  ],
  [/^(.+) cannot contain control characters$/, (m) => `${label(m[1])}不能包含控制字符`],
  [/^(.+) cannot contain text direction characters$/, (m) => `${label(m[1])}不能包含文字方向控制字符`],
  [/^(.+) cannot mix Latin letters with Cyrillic or Greek letters$/, (m) => `${label(m[1])}不能混用拉丁字母与西里尔或希腊字母`],
  [/^(.+) must be at most (\d+) characters$/, (m) => `${label(m[1])}最多 ${m[2]} 个字符`],
  [/^(.+) must be at least (\d+) characters$/, (m) => `${label(m[1])}至少需要 ${m[2]} 个字符`],
  [/^File type (.+) is not supported\. Supported types: (.+)$/, (m) => `不支持 ${m[1]} 类型的文件。支持的类型：${m[2]}`],
];

function label(english: string | undefined): string {
  return LABELS[english ?? ""] ?? english ?? "";
}

/** The Chinese for a server text, or the text itself when none is known. */
export function serverMessageZh(message: string): string {
  const exact = EXACT[message];
  if (exact) return exact;
  for (const [re, render] of PATTERNS) {
    const m = re.exec(message);
    if (m) return render(m);
  }
  return message;
}
