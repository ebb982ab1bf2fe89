import { screenPaths } from '@gebere/contract/screens';
import { describe, expect, it } from 'vitest';
import { documentKey, handlingOf } from './routing';

const files = new Set(['/assets/index-A1.js', '/assets/index-B2.css']);

function handling(url: string, { mode = 'cors', method = 'GET', scope = 'https://gebere.example/' } = {}) {
  return handlingOf({ method, mode, url: new URL(url, 'https://gebere.example').href }, scope, files);
}

describe('what the service worker answers from its cache', () => {
  it('opens every screen of the registry (paths and aliases) from the cached shell', () => {
    for (const path of screenPaths.map((p) => p.replace(':id', '7')))
      expect(handling(`${path}?lang=am&sig=x`, { mode: 'navigate' }), path).toBe('page');
  });

  it('serves the build’s own hashed files, and only those', () => {
    expect(handling('/assets/index-A1.js')).toBe('file');
    expect(handling('/assets/index-B2.css')).toBe('file');
    expect(handling('/assets/index-OLD.js')).toBeUndefined();
    expect(handling('/assets/index-A1.js?v=2')).toBeUndefined();
  });

  it('never touches the API, the bot’s /tg calls, writes or other pages', () => {
    for (const url of [
      '/backend/api/me/',
      '/backend/api/development-groups/?kebele=1',
      '/tg/result',
      '/tg/key',
    ])
      for (const mode of ['cors', 'navigate'])
        expect(handling(url, { mode }), `${mode} ${url}`).toBeUndefined();
    expect(handling('/assets/index-A1.js', { method: 'POST' })).toBeUndefined();
    expect(handling('/farmer_registration', { mode: 'navigate', method: 'POST' })).toBeUndefined();
    for (const url of ['/emulator/?user=1', '/no_such_screen', '/healthz', '/metrics'])
      expect(handling(url, { mode: 'navigate' }), url).toBeUndefined();
  });

  it('keeps to its scope and origin (an app served under a path)', () => {
    const scope = 'https://gebere.example/app/';
    expect(handling('/app/record_reach', { mode: 'navigate', scope })).toBe('page');
    expect(handling('/app/', { mode: 'navigate', scope })).toBe('page');
    expect(handling('/record_reach', { mode: 'navigate', scope })).toBeUndefined();
    expect(handling('https://other.example/record_reach', { mode: 'navigate' })).toBeUndefined();
    expect(handling('https://other.example/assets/index-A1.js')).toBeUndefined();
  });

  it('keeps a screen’s document by screen and language only: never a link’s proof', () => {
    const scope = 'https://gebere.example/';
    const key = (url: string) => documentKey(new URL(url, scope).href, scope);
    const signed = key('/farmer_registration?da_id=1&kebele_id=42&tg=501&exp=9&sig=SECRET&lang=am');
    expect(signed).toBe('https://gebere.example/?screen=farmerRegistration&lang=am');
    expect(key('/farmer_registration?da_id=2&kebele_id=7&sig=OTHER&lang=am')).toBe(signed);
    expect(key('/farmer_registration?lang=<script>')).toBe(
      'https://gebere.example/?screen=farmerRegistration',
    );
    for (const path of screenPaths.map((p) => p.replace(':id', '7')))
      expect(key(`${path}?sig=SECRET#tgWebAppData=user`), path).not.toMatch(/SECRET|tgWebAppData|7/);
    expect(key('/no_such_screen')).toBeUndefined();
    expect(key('https://other.example/farmer_registration')).toBeUndefined();
  });
});
