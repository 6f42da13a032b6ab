import { useEffect } from "react";
import { useLocation, useNavigate, useRoutes, type RouteObject } from "react-router";
import { SignInPage } from "../features/auth/SignInPage";
import { LazyBoundary, lazyComponent, whenIdle, type LazyComponent } from "../ui/lazy";
import { CrashBoundary } from "./routes/CrashBoundary";
import { HomeRoute } from "./routes/HomeRoute";
import { RequireSession } from "./routes/RequireSession";
import { LanguageGuard, RootLayout } from "./routes/RootLayout";
import { CheckLoginPage, NotFoundPage } from "./routes/SimplePages";

// Pages other than home, sign-in and the chat load on first visit: the first page carries only the app itself.
const SignUpPage = lazyComponent(() => import("../features/auth/SignUpPage").then((m) => m.SignUpPage));
const DevSettingsPage = lazyComponent(() => import("../features/dev-settings/DevSettingsPage").then((m) => m.DevSettingsPage));
const GroupInvitePage = lazyComponent(() => import("../features/groups/GroupInvitePage").then((m) => m.GroupInvitePage));
const MembershipPage = lazyComponent(() => import("../features/membership/MembershipPage").then((m) => m.MembershipPage));
const FriendInvitePage = lazyComponent(() => import("../features/people/FriendInvitePage").then((m) => m.FriendInvitePage));
const JoinByInvitePage = lazyComponent(() => import("../features/organizations/JoinByInvitePage").then((m) => m.JoinByInvitePage));
const UsagePage = lazyComponent(() => import("../features/usage/UsagePage").then((m) => m.UsagePage));
const SharedResearchPage = lazyComponent(() => import("../features/analysis/components/research/SharedResearchPage").then((m) => m.SharedResearchPage));
const ProjectLinkRoute = lazyComponent(() => import("./routes/ProjectLinkRoute").then((m) => m.ProjectLinkRoute));

function lazyPage(Page: LazyComponent<object>) {
  return (
    <LazyBoundary variant="page">
      <Page />
    </LazyBoundary>
  );
}

/**
 * The pages, mounted twice: once bare (`/home`) and once under a language (`/zh/home`).
 * Pages outside `RequireSession` are open to visitors: home, the auth pages, /checkLogin, the
 * invite links (they send visitors to sign in themselves) and not-found.
 */
function pages(): RouteObject[] {
  return [
    { index: true, element: <HomeRoute /> },
    { path: "home", element: <HomeRoute /> },
    { path: "auth/signin", element: <SignInPage /> },
    { path: "auth/signup", element: lazyPage(SignUpPage) },
    { path: "checkLogin", element: <CheckLoginPage /> },
    { path: "join/:inviteCode", element: lazyPage(JoinByInvitePage) },
    { path: "group-invite/:inviteCode", element: lazyPage(GroupInvitePage) },
    { path: "friend-invite/:inviteCode", element: lazyPage(FriendInvitePage) },
    {
      element: <RequireSession />,
      children: [
        { path: "membership", element: lazyPage(MembershipPage) },
        { path: "usage", element: lazyPage(UsagePage) },
        { path: "dev-settings", element: lazyPage(DevSettingsPage) },
        // A link to a project and file (spec 03 §2): opens the project's chat with the file.
        { path: "home/coding-projects/:projectId", element: lazyPage(ProjectLinkRoute) },
        // A shared deep research report (spec 03 §4 share mode): read-only, for anyone signed in who has the link.
        { path: "share/research/:sessionId", element: lazyPage(SharedResearchPage) },
      ],
    },
    { path: "*", element: <NotFoundPage /> },
  ];
}

const ROUTES: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: "/", children: pages() },
      { path: "/:lang", element: <LanguageGuard />, children: pages() },
    ],
  },
];

/** Page analytics load when the browser is idle, off the first page's critical path; a failed load only loses a count. */
function trackPageWhenIdle(pathname: string): void {
  whenIdle(() => {
    import("./analytics").then((m) => m.trackPage(pathname)).catch(() => undefined);
  });
}

let navigateOutsideReact: ((path: string) => void) | null = null;

/** Navigation for code outside React (the API client when a session ends): in place while the app is mounted. */
export function replaceRoute(path: string): void {
  if (navigateOutsideReact) navigateOutsideReact(path);
  else window.location.replace(path);
}

/**
 * The app's routes, inside a BrowserRouter. A declarative router, not a data router: the app
 * loads its data with SWR, and the data router's code would weigh on every first page.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    navigateOutsideReact = (path) => void navigate(path, { replace: true });
    return () => {
      navigateOutsideReact = null;
    };
  }, [navigate]);
  useEffect(() => trackPageWhenIdle(pathname), [pathname]);
  return <CrashBoundary resetKey={pathname}>{useRoutes(ROUTES)}</CrashBoundary>;
}
