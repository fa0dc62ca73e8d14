/**
 * Which HTTP methods each address takes. Pages take GET and HEAD, and POST where their route
 * has an `action` (read from the build, so a new form needs no change here); files take GET
 * and HEAD. Anything else is answered here, before React Router, with `405` and an `Allow`
 * header (`OPTIONS` with `204` and `Allow`): no stack trace, no log line.
 */
import type express from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type Build = ServerBuild | (() => Promise<ServerBuild>);

const readOnly = ["GET", "HEAD"];

/** Path prefixes served as files, not pages. */
const filePrefixes = ["/assets/", "/storage/", "/img"];

export function allowedMethods(getBuild: Build): express.RequestHandler {
  const routesOf = new WeakMap<ServerBuild, RouteObject[]>();

  /** The methods the page at `pathname` takes. */
  async function pageMethods(pathname: string): Promise<string[]> {
    const build = typeof getBuild === "function" ? await getBuild() : getBuild;
    let routes = routesOf.get(build);
    if (!routes) {
      routes = routeTree(build);
      routesOf.set(build, routes);
    }
    // React Router's client sends form posts to `/en/contactUs.data`.
    const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
    const leaf = matchRoutes(routes, page || "/")?.at(-1);
    const hasAction = Boolean(leaf && build.routes[leaf.route.id ?? ""]?.module.action);
    return hasAction ? [...readOnly, "POST"] : readOnly;
  }

  return (req, res, next) => {
    const fileLike =
      filePrefixes.some((prefix) => req.path.startsWith(prefix)) ||
      (/\.\w+$/.test(req.path) && !req.path.endsWith(".data"));
    if (readOnly.includes(req.method)) return next();
    const methods = fileLike ? Promise.resolve(readOnly) : pageMethods(req.path);
    methods.then((allowed) => {
      if (allowed.includes(req.method)) return next();
      const allow = [...allowed, "OPTIONS"].join(", ");
      res.setHeader("Allow", allow);
      if (req.method === "OPTIONS") {
        res.status(204).end();
        return;
      }
      res.status(405).type("text/plain").send("Method Not Allowed");
    }, next);
  };
}

/** The build's flat route manifest as the nested tree `matchRoutes` reads. */
function routeTree(build: ServerBuild): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route && route.parentId === parentId)
      .map((route) => {
        const id = route?.id ?? "";
        const children = childrenOf(id);
        return route?.index
          ? { id, index: true, path: route.path }
          : { id, path: route?.path, caseSensitive: route?.caseSensitive, children };
      });
  return childrenOf(undefined);
}
