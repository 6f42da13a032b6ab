import { createBrowserRouter, type RouteObject } from "react-router";
import { SignInPage } from "../features/auth/SignInPage";
import { SignUpPage } from "../features/auth/SignUpPage";
import { DevSettingsPage } from "../features/dev-settings/DevSettingsPage";
import { GroupInvitePage } from "../features/groups/GroupInvitePage";
import { MembershipPage } from "../features/membership/MembershipPage";
import { FriendInvitePage } from "../features/people/FriendInvitePage";
import { JoinByInvitePage } from "../features/organizations/JoinByInvitePage";
import { UsagePage } from "../features/usage/UsagePage";
import { HomeRoute } from "./routes/HomeRoute";
import { RequireSession } from "./routes/RequireSession";
import { LanguageGuard, RootLayout } from "./routes/RootLayout";
import { CheckLoginPage, CrashScreen, NotFoundPage } from "./routes/SimplePages";

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
    { path: "auth/signup", element: <SignUpPage /> },
    { path: "checkLogin", element: <CheckLoginPage /> },
    { path: "join/:inviteCode", element: <JoinByInvitePage /> },
    { path: "group-invite/:inviteCode", element: <GroupInvitePage /> },
    { path: "friend-invite/:inviteCode", element: <FriendInvitePage /> },
    {
      element: <RequireSession />,
      children: [
        { path: "membership", element: <MembershipPage /> },
        { path: "usage", element: <UsagePage /> },
        { path: "dev-settings", element: <DevSettingsPage /> },
      ],
    },
    { path: "*", element: <NotFoundPage /> },
  ];
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <CrashScreen />,
      children: [
        { path: "/", children: pages() },
        { path: "/:lang", element: <LanguageGuard />, children: pages() },
      ],
    },
  ]);
}
