import { type DuplicateSet, farmerFullName } from '@gebere/contract';
import { expectWords, usageError } from './args';
import type { Command } from './command';
import { maskPhone } from './output';

const parseId = (raw: string | undefined, what: string, command: string): number => {
  if (raw !== undefined && /^\d{1,15}$/.test(raw) && Number(raw) > 0) return Number(raw);
  throw usageError(
    `give the ${what}'s id, e.g. ${command === 'merge' ? '--keep 12 --drop 34' : '--kebele 7'}`,
    command,
  );
};

const farmerLine = (f: DuplicateSet['farmers'][number]) =>
  `  farmer ${f.id}: ${farmerFullName(f)}, phone ${
    f.phone_number ? maskPhone(f.phone_number) : 'none'
  }, ${f.group_name} (kebele:${f.kebele} ${f.kebele_name}), registered ${f.created_at.slice(0, 10)}, ` +
  `${f.reach} reach, ${f.adoption} adoption`;

export const duplicatesCommand: Command = {
  name: 'duplicates',
  args: '--kebele <id> | --woreda <id>',
  summary: 'List likely duplicate farmers of a kebele or woreda: the same phone, or the same three names',
  options: ['kebele', 'woreda'],
  details: [
    'Farmers in the registry (not retired) who share a phone number (wherever the others are), or',
    'the same three names in one kebele (case, accents and spaces ignored): each set with every',
    "farmer's id, names, masked phone, group, kebele, registration day and records.",
    'Merge one into another with `gebere merge --keep <id> --drop <id>`.',
    'Example: gebere duplicates --woreda 12',
  ],
  async run(words, { out, backend, options }) {
    expectWords(words, [], 'duplicates');
    if ((options.kebele === undefined) === (options.woreda === undefined))
      throw usageError('give one of --kebele <id> or --woreda <id>', 'duplicates');
    const query =
      options.kebele !== undefined
        ? { kebele: parseId(options.kebele, 'kebele', 'duplicates') }
        : { woreda: parseId(options.woreda, 'woreda', 'duplicates') };
    const { data } = await backend().call('findFarmerDuplicates', { query });
    if (data.length === 0) {
      out.out('No likely duplicates.');
      return;
    }
    for (const set of data) {
      out.out(set.reason === 'phone' ? `Same phone ${maskPhone(set.key)}:` : `Same names "${set.key}":`);
      for (const f of set.farmers) out.out(farmerLine(f));
    }
    out.out(`${data.length} ${data.length === 1 ? 'set' : 'sets'}`);
  },
};

export const mergeCommand: Command = {
  name: 'merge',
  args: '--keep <id> --drop <id>',
  summary: 'Merge a duplicate farmer into another: their records move, the duplicate is retired',
  options: ['keep', 'drop'],
  details: [
    "The dropped farmer's reach and adoption records are recorded for the farmer kept, on their own",
    'days and by their own DAs (a pair the kept farmer has already is not recorded twice), and',
    'taken back from the dropped one; then the dropped farmer is retired as a duplicate of the one',
    "kept. Reports count each record once, in the kept farmer's kebele. Every change is in the",
    'audit trail (`gebere audit --record farmers:<id>`).',
    'Example: gebere merge --keep 12 --drop 34',
  ],
  labelWords: (words, options) => ['--keep', ...words, '--drop', options.drop ?? ''],
  async run(words, { out, backend, options, flags }) {
    // --keep is also restore's flag: its id is the one word after it.
    if (!flags.has('keep') || words.length !== 1)
      throw usageError('give the farmer to keep and the one to drop: --keep <id> --drop <id>', 'merge');
    const keep = parseId(words[0], 'farmer to keep', 'merge');
    const drop = parseId(options.drop, 'farmer to drop', 'merge');
    const { data } = await backend().call('mergeFarmers', { body: { keep, drop } });
    out.out(
      `Kept farmer ${data.kept.id} (${farmerFullName(data.kept)}); farmer ${data.dropped.id} (${farmerFullName(data.dropped)}) retired as its duplicate.`,
    );
    const line = (what: string, c: { moved: number; already: number }) =>
      `${what}: ${c.moved} moved${c.already ? `, ${c.already} the kept farmer had already (taken back)` : ''}`;
    out.out(line('Reach records', data.reach));
    out.out(line('Adoption records', data.adoption));
  },
};
