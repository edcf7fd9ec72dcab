import type { Plugin } from 'vite';

export interface RoutePreload {
  path: string;
  js: string[];
  css: string[];
}
export function routePreloads(manifest: Record<string, unknown>): RoutePreload[];
export function routePreloadsPlugin(): Plugin;
