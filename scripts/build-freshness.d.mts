export function newest(paths: string[]): number;
export function mtime(path: string): number;
export function webappSources(root: string): string[];
export function botSources(root: string): string[];
export function webappStale(root: string): boolean;
export function botOutputs(root: string): string[];
export function botStale(root: string): boolean;
export function ensureWebappBuilt(root: string): Promise<string>;
