import type { Plugin } from 'vite';

/**
 * telegram-ui ships one stylesheet for all its components (46 KB). Its class names are
 * hashed (`tgui-<16 hex>`) and appear as string literals in the components' JS, so a rule
 * whose selector names a tgui class that no emitted chunk contains cannot match anything and
 * is dropped. Run at generateBundle, over every chunk (lazy ones included), so a class any
 * screen can render is kept. Rules without tgui classes are untouched.
 */
const TGUI = /tgui-[0-9a-f]{16}/g;

/** Index of the `}` closing the block whose `{` is at `open`, skipping strings. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = css.indexOf(c, i + 1);
      if (i < 0) return css.length;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length;
}

/** Splits a selector list on top-level commas (not inside `:is(a, b)` and the like). */
function splitSelectors(prelude: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  out.push(prelude.slice(start));
  return out;
}

function selectorCanMatch(selector: string, used: Set<string>): boolean {
  // `:not(.x)` matches whether or not .x exists: ignore classes inside negations.
  const positive = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  return (positive.match(TGUI) ?? []).every((cls) => used.has(cls));
}

export function purgeCss(css: string, used: Set<string>): string {
  let out = '';
  let i = 0;
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
  while (i < source.length) {
    const open = source.indexOf('{', i);
    if (open < 0) {
      out += source.slice(i);
      break;
    }
    const prelude = source.slice(i, open).trim();
    const close = blockEnd(source, open);
    const body = source.slice(open + 1, close);
    i = close + 1;
    if (prelude.startsWith('@media') || prelude.startsWith('@supports')) {
      const inner = purgeCss(body, used);
      if (inner.trim()) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) {
      out += `${prelude}{${body}}`;
    } else {
      const kept = splitSelectors(prelude).filter((s) => selectorCanMatch(s, used));
      if (kept.length) out += `${kept.join(',')}{${body}}`;
    }
  }
  return out;
}

export function purgeTguiCss(): Plugin {
  return {
    name: 'gebere:purge-tgui-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const used = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') for (const m of file.code.matchAll(TGUI)) used.add(m[0]);
      }
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const css = typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
        file.source = purgeCss(css, used);
      }
    },
  };
}
