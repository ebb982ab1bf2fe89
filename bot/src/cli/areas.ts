import { ADMIN_LEVELS, type AdminLevel, asList, type Location } from '@gebere/contract';
import { type Area, type AreaArg, CliError, expectWords, parseArea, usageError } from './args';
import type { Backend } from './backend-client';
import type { Command } from './command';
import { table } from './output';

/** The areas directly below `parent` (regions when none), from the backend's public lists. */
async function childrenOf(backend: Backend, parent: Area | null): Promise<Location[]> {
  const all = { paginate: 'false' } as const;
  const id = parent?.location_id ?? 0;
  switch (parent?.location_type ?? 'all') {
    case 'all':
      return asList((await backend.call('listRegions', { query: all })).data);
    case 'region':
      return asList((await backend.call('listZones', { query: { ...all, region: id } })).data);
    case 'zone':
      return asList((await backend.call('listWoredas', { query: { ...all, zone: id } })).data);
    case 'woreda':
      return asList((await backend.call('listKebeles', { query: { ...all, woreda: id } })).data);
    default:
      return [];
  }
}

/**
 * An area given by code (`woreda:ET031702`), asked of its level's public list directly: a code does
 * not always begin with its parent's (163 woredas and 7,945 kebeles of the shipped data), so it
 * cannot be found by walking down from the regions.
 */
export async function resolveArea(arg: AreaArg, backend: Backend): Promise<Area> {
  if (!('code' in arg)) return arg;
  const query = { paginate: 'false', code: arg.code } as const;
  const found = asList(
    (
      await {
        region: () => backend.call('listRegions', { query }),
        zone: () => backend.call('listZones', { query }),
        woreda: () => backend.call('listWoredas', { query }),
        kebele: () => backend.call('listKebeles', { query }),
      }[arg.location_type as AdminLevel]()
    ).data,
  )[0];
  if (!found)
    throw new CliError(
      `no ${arg.location_type} with code ${arg.code} found: give its id instead (\`gebere areas\` lists ids)`,
    );
  return { location_type: arg.location_type, location_id: found.id };
}

export const areasCommand: Command = {
  name: 'areas',
  args: '[region:<id>|zone:<id>|woreda:<id>]',
  summary: 'List the regions, or the areas inside one, with the ids grant and revoke take',
  details: [
    'Without an area, lists the regions; with one, the areas directly inside it.',
    'Example: gebere areas region:3',
  ],
  async run(words, { out, backend }) {
    expectWords(words, ['area'], 'areas', 1);
    const b = backend();
    const parent = words[0] === undefined ? null : await resolveArea(parseArea(words[0], 'areas'), b);
    if (parent?.location_type === 'kebele')
      throw usageError('areas: a kebele has no areas inside it', 'areas');
    const level = ADMIN_LEVELS[
      parent ? ADMIN_LEVELS.indexOf(parent.location_type as AdminLevel) + 1 : 0
    ] as AdminLevel;
    const children = await childrenOf(b, parent?.location_type === 'all' ? null : parent);
    if (children.length === 0) {
      out.out(`No ${level}s there.`);
      return;
    }
    const rows = children.map((c) => [`${level}:${c.id}`, c.code ?? '', c.name]);
    for (const line of table(['AREA', 'CODE', 'NAME'], rows)) out.out(line);
  },
};
