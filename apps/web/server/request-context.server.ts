/**
 * The keys of what the server hands each request's loaders (React Router's context): the running
 * site, and what the page was made from. In a module of their own that imports none of the
 * site's code, so `npm run dev` never reloads them: the app, made once at start, and the routes
 * Vite reloads after an edit (of a string, of the page table) must hold the same keys.
 */
import { createContext } from "react-router";
import type { Freshness, Site } from "./site-context.server.ts";

export const siteContext = createContext<Site>();

export const freshnessContext = createContext<Freshness>({ until: 0, dataKeys: new Set() });
