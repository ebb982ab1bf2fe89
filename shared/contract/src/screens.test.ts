import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routePaths } from './route-paths';
import {
  launchRequest,
  matchScreen,
  parseFlag,
  parseId,
  parseIdList,
  readScreenParams,
  type ScreenName,
  screenHref,
  screenLink,
  screenOfPath,
  screenPaths,
  screens,
} from './screens/index';

const names = Object.keys(screens) as ScreenName[];

describe('parameter parsers', () => {
  it('parses ids from the query', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId(' 12 ')).toBe(12);
    expect(parseId('0')).toBeUndefined();
    expect(parseId('1e3')).toBeUndefined();
    expect(parseId('-4')).toBeUndefined();
    expect(parseId('99999999999999999999')).toBeUndefined();
    expect(parseId(null)).toBeUndefined();
    expect(parseIdList('4,5,x,4, 6')).toEqual([4, 5, 6]);
    expect(parseIdList(null)).toEqual([]);
  });

  it('reads a flag as the bot writes it; anything else is no', () => {
    for (const yes of ['true', '1', 'TRUE', ' yes ', 'on']) expect(parseFlag(yes), yes).toBe(true);
    for (const no of ['false', '0', '', 'y', null, undefined]) expect(parseFlag(no), String(no)).toBe(false);
  });
});

describe('the screen registry', () => {
  it('has spec §2’s routes, and the home screen’s alias; no path twice', () => {
    expect(screenPaths).toEqual(
      expect.arrayContaining([
        '/',
        '/index.html',
        '/da_registration',
        '/da_update_profile',
        '/feedback',
        '/farmer_registration',
        '/record_reach',
        '/record_adoption',
        '/notification/create',
        '/notification/update/:id',
        '/notification/list',
        '/register_report_user',
        '/add_development_group',
      ]),
    );
    expect(new Set(screenPaths).size).toBe(screenPaths.length);
  });

  it('binds link scopes only to parameters the screen declares, and only to known routes', () => {
    for (const name of names) {
      const spec = screens[name];
      for (const [route, call] of Object.entries(spec.calls)) {
        expect(routePaths, `${name}: ${route}`).toHaveProperty(route);
        for (const param of Object.values(call as Record<string, string>))
          expect(Object.keys(spec.params), `${name}: ${route}`).toContain(param);
      }
    }
  });

  it('finds the screen of a path, with its path parameters', () => {
    expect(matchScreen('/')).toEqual({ name: 'home', pathParams: {} });
    expect(matchScreen('/index.html')).toEqual({ name: 'home', pathParams: {} });
    expect(matchScreen('/record_reach/')).toEqual({ name: 'recordReach', pathParams: {} });
    expect(matchScreen('/notification/update/12')).toEqual({
      name: 'notificationUpdate',
      pathParams: { id: '12' },
    });
    for (const path of [
      '/no_such_screen',
      '/notification/update',
      '/notification/update/',
      '/record_reach/x',
    ])
      expect(matchScreen(path), path).toBeUndefined();
  });

  it('grants a link the calls of its screen only', () => {
    expect(Object.keys(screenOfPath('/farmer_registration')?.calls ?? {})).toEqual([
      'listDevelopmentGroups',
      'createFarmer',
    ]);
    expect(screenOfPath('/record_reach/')?.calls).toHaveProperty('createReachBatch');
    // A list parameter: the bound field must be one of its values.
    expect(screenOfPath('/record_reach')?.calls.listFarmers).toEqual({
      'query.outbound_development_group': 'selectedids',
    });
    expect(screens.recordReach.params.selectedids.list).toBe(true);
    expect(screens.farmerRegistration.params.kebele_id.list).toBeUndefined();
    expect(screenOfPath('/record_reach')?.calls).not.toHaveProperty('createAdoption');
    // Reached inside the app, granted through the list's link.
    expect(screenOfPath('/notification/update/3')?.calls).toEqual({});
    // The hub: a link to it proves who the user is for their own state only.
    expect(screenOfPath('/')?.calls).toEqual({ getMe: {} });
    expect(screenOfPath('/nope')).toBeUndefined();
  });
});

describe('reading a screen’s parameters', () => {
  it('gives the typed values, and the required ones absent or malformed in order', () => {
    expect(
      readScreenParams('farmerRegistration', new URLSearchParams('da_id=5&kebele_id=9&lang=am')),
    ).toEqual({
      complete: true,
      values: { da_id: 5, kebele_id: 9 },
      missing: [],
    });
    expect(readScreenParams('farmerRegistration', new URLSearchParams('kebele_id=x'))).toEqual({
      complete: false,
      values: {},
      missing: ['da_id', 'kebele_id'],
    });
    expect(
      readScreenParams('recordReach', new URLSearchParams('user_id=4&selectedids=7,x,7,8&kebele_id=3')),
    ).toEqual({
      complete: true,
      values: { user_id: 4, selectedids: [7, 8], kebele_id: 3 },
      missing: [],
    });
    expect(
      readScreenParams('feedback', new URLSearchParams('chat_id=-100123&user_id=1&advisory_id=2')).values,
    ).toEqual({ chat_id: -100123, user_id: 1, advisory_id: 2 });
    // Present but naming no group is not "missing": the screen says no group was selected.
    // Groups kept on the phone (outbox keys), beside the ids: malformed keys are left out.
    expect(
      readScreenParams('recordReach', new URLSearchParams('user_id=4&selectedids=&kept=a-1,b_2,a-1,x y,')),
    ).toEqual({ complete: true, values: { user_id: 4, selectedids: [], kept: ['a-1', 'b_2'] }, missing: [] });
    expect(readScreenParams('recordReach', new URLSearchParams('user_id=4&selectedids=x'))).toEqual({
      complete: true,
      values: { user_id: 4, selectedids: [] },
      missing: [],
    });
    expect(readScreenParams('registerReportUser', new URLSearchParams('update=1')).values).toEqual({
      update: true,
    });
    expect(readScreenParams('registerReportUser', new URLSearchParams('')).values).toEqual({ update: false });
    expect(
      readScreenParams('daUpdateProfile', new URLSearchParams('user_id=2&phone_number=0911')).values,
    ).toEqual({
      user_id: 2,
      phone_number: '0911',
      update_outbound: false,
    });
  });

  it('takes path parameters from the path', () => {
    expect(
      readScreenParams('notificationUpdate', new URLSearchParams('id=4'), '/notification/update/12'),
    ).toEqual({
      complete: true,
      values: { id: 12 },
      missing: [],
    });
    expect(
      readScreenParams('notificationUpdate', new URLSearchParams(''), '/notification/update/x').missing,
    ).toEqual(['id']);
  });
});

describe('links to a screen', () => {
  it('writes each parameter as its screen reads it; undefined and false ones are left out', () => {
    expect(
      screenLink('recordReach', { chatid: 3, user_id: 4, selectedids: [7, 8], kebele_id: 9, lang: 'am' }),
    ).toEqual({
      path: '/record_reach',
      query: { chatid: '3', user_id: '4', selectedids: '7,8', kebele_id: '9', lang: 'am' },
    });
    expect(
      screenLink('daRegistration', { user_id: 2, phone_number: undefined, update_outbound: false }),
    ).toEqual({
      path: '/da_registration',
      query: { user_id: '2' },
    });
    expect(screenHref('registerReportUser', { update: true })).toBe('/register_report_user?update=true');
    expect(screenHref('notificationUpdate', { id: 12 })).toBe('/notification/update/12');
    expect(screenHref('home', {})).toBe('/');
  });

  it('reads back what it wrote, for every screen', () => {
    const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
    const arbitraryFor = (name: ScreenName, key: string): fc.Arbitrary<unknown> =>
      (screens[name].params as Record<string, { parse: unknown }>)[key]?.parse === parseFlag
        ? fc.boolean()
        : key === 'selectedids'
          ? fc.uniqueArray(id, { minLength: 1, maxLength: 4 })
          : key === 'kept'
            ? fc.uniqueArray(fc.stringMatching(/^[\w-]{1,20}$/), { minLength: 1, maxLength: 3 })
            : key === 'chatid' || key === 'chat_id'
              ? fc.integer({ min: -(2 ** 52), max: 2 ** 52 })
              : key === 'phone_number'
                ? fc.string({ minLength: 1 })
                : key === 'pick'
                  ? fc.constantFrom('record_reach', 'record_adoption')
                  : key === 'level'
                    ? fc.constantFrom('all', 'region', 'zone', 'woreda', 'kebele')
                    : key === 'from' || key === 'to'
                      ? fc
                          .date({
                            min: new Date('2000-01-01'),
                            max: new Date('2099-12-31'),
                            noInvalidDate: true,
                          })
                          .map((d) => d.toISOString().slice(0, 10))
                      : id;
    for (const name of names) {
      const keys = Object.keys(screens[name].params);
      const values = fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryFor(name, k)])));
      fc.assert(
        fc.property(values, (v) => {
          const { path, query } = screenLink(name, v as never);
          const match = matchScreen(path);
          expect(match?.name).toBe(name);
          const read = readScreenParams(name, new URLSearchParams(query), path);
          expect(read).toEqual({ complete: true, values: v, missing: [] });
        }),
        { numRuns: 50 },
      );
    }
  });
});

describe('the first load', () => {
  it('asks for the farmer form’s groups once the link names the DA and the kebele', () => {
    expect(launchRequest('/farmer_registration', new URLSearchParams('da_id=5&kebele_id=9&lang=am'))).toEqual(
      {
        name: 'listDevelopmentGroups',
        input: { query: { kebele: 9, paginate: 'false' } },
      },
    );
    expect(launchRequest('/farmer_registration', new URLSearchParams('kebele_id=9'))).toBeUndefined();
    expect(launchRequest('/farmer_registration', new URLSearchParams('da_id=5&kebele_id=x'))).toBeUndefined();
    expect(launchRequest('/record_reach', new URLSearchParams('da_id=5&kebele_id=9'))).toBeUndefined();
    expect(launchRequest('/nope', new URLSearchParams('da_id=5&kebele_id=9'))).toBeUndefined();
    // The hub's steps: the groups of a record entry, or the advisory for feedback; anything
    // else is no step.
    expect(readScreenParams('home', new URLSearchParams('pick=record_reach')).values).toEqual({
      pick: 'record_reach',
    });
    expect(readScreenParams('home', new URLSearchParams('pick=feedback')).values).toEqual({
      pick: 'feedback',
    });
    expect(readScreenParams('home', new URLSearchParams('pick=register_farmer')).values).toEqual({});
    // The hub, opened from the menu button without parameters, asks who the user is first.
    expect(launchRequest('/', new URLSearchParams())).toEqual({ name: 'getMe', input: {} });
  });

  it('names modules of the screen’s own folder', () => {
    for (const name of names)
      for (const module of screens[name].firstLoad.modules) expect(module, name).toMatch(/^[\w-]+\.tsx?$/);
  });
});
