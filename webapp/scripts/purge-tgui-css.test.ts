import { describe, expect, it } from 'vitest';
import { purgeCss } from './purge-tgui-css';

const a = 'tgui-aaaaaaaaaaaaaaaa';
const b = 'tgui-bbbbbbbbbbbbbbbb';
const gone = 'tgui-0000000000000000';

describe('purgeCss', () => {
  const used = new Set([a, b]);

  it('drops rules naming an unused tgui class and keeps the rest', () => {
    const css = `.${a}{color:red}.${gone}{color:blue}.${a} .${gone}{x:1}.screen{margin:0}`;
    expect(purgeCss(css, used)).toBe(`.${a}{color:red}.screen{margin:0}`);
  });

  it('filters selector lists one by one', () => {
    expect(purgeCss(`.${gone},.${b}:hover{a:b}`, used)).toBe(`.${b}:hover{a:b}`);
  });

  it('keeps selectors whose unused class is only negated', () => {
    expect(purgeCss(`.${a}:not(.${gone}){a:b}`, used)).toBe(`.${a}:not(.${gone}){a:b}`);
  });

  it('recurses into @media and drops it when empty; keeps @keyframes', () => {
    const css = `@media (min-width:1px){.${gone}{a:b}}@media print{.${a}{a:b}.${gone}{c:d}}@keyframes k{0%{opacity:0}}`;
    expect(purgeCss(css, used)).toBe(`@media print{.${a}{a:b}}@keyframes k{0%{opacity:0}}`);
  });

  it('is not confused by braces in strings', () => {
    expect(purgeCss(`.${a}:after{content:"}{"}.${gone}{a:b}`, used)).toBe(`.${a}:after{content:"}{"}`);
  });
});
