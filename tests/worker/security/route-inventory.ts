/// <reference types="vite/client" />
import type { Hono } from "hono";
import indexSource from "../../../worker/index.ts?raw";

/** One route the Worker answers: its method and its Hono path pattern, e.g. `GET /api/chats/:chatId`. */
export interface MountedRoute {
  method: string;
  path: string;
}

// Every module under worker/api, so a sub-app mounted in worker/index.ts can be looked up by its name.
const apiModules = import.meta.glob<Record<string, unknown>>("../../../worker/api/*.ts", { eager: true });

function subApps(): Map<string, Hono<any>> {
  const apps = new Map<string, Hono<any>>();
  for (const mod of Object.values(apiModules)) {
    for (const [name, value] of Object.entries(mod)) {
      if (value && typeof value === "object" && Array.isArray((value as { routes?: unknown }).routes)) apps.set(name, value as Hono<any>);
    }
  }
  return apps;
}

/**
 * The routes the Worker really serves, read from the mount table of worker/index.ts (its `app`
 * is not exported) and from each mounted sub-app's own route list, nested `.route()`s included.
 * Middleware (method ALL) is left out: it answers nothing by itself.
 */
export function mountedRoutes(): MountedRoute[] {
  const base = /\.basePath\("([^"]+)"\)/.exec(indexSource)?.[1] ?? "";
  const apps = subApps();
  const out = new Map<string, MountedRoute>();
  for (const [, prefix, name] of indexSource.matchAll(/\.route\("([^"]+)",\s*(\w+)\)/g)) {
    const app = apps.get(name!);
    if (!app) throw new Error(`worker/index.ts mounts ${name}, which no worker/api module exports`);
    for (const r of app.routes) {
      if (r.method === "ALL") continue;
      const path = `${base}${prefix}${r.path === "/" ? "" : r.path}`.replace(/\/+$/, "") || "/";
      out.set(`${r.method} ${path}`, { method: r.method, path });
    }
  }
  return [...out.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}
