import { Composer } from 'grammy';
import type { BotContext, PickerState } from '../context';
import { type DaState, requireDa, showMenu } from '../home';
import { CALLBACK, labelsOf, PICKER_MAX_GROUPS, pickerKeyboard, pickerKindOf } from '../keyboards';
import { linksFor, type Services } from '../user-state';
import { openForm } from './menu';

/**
 * Record reach / Record adoption: the DA picks development groups with inline toggles, then
 * Continue opens the reach or adoption screen for them: once a group is ticked, Continue is the
 * form's own web_app button (with a fresh signed link for the groups ticked), so there is no
 * "Open form" step between. The selection lives in the session (so in the database), so a
 * restart or another server copy in the middle of picking loses nothing.
 */
export function groupPickerFlow(s: Services): Composer<BotContext> {
  const flow = new Composer<BotContext>();

  const entry = (kind: PickerState['kind']) => async (ctx: BotContext) => {
    const state = await requireDa(ctx, s);
    if (state) await startPicker(ctx, s, state, kind);
  };
  flow.command('reach', entry('reach'));
  flow.command('adoption', entry('adoption'));
  flow.hears(labelsOf('bot.menu.record_reach'), entry('reach'));
  flow.hears(labelsOf('bot.menu.record_adoption'), entry('adoption'));
  // "Record reach" / "Record adoption" under a notification the engine delivered.
  flow.callbackQuery(CALLBACK.menuEntry, async (ctx) => {
    await ctx.answerCallbackQuery();
    await entry(ctx.match[1] === 'reach' ? 'reach' : 'adoption')(ctx);
  });

  flow.callbackQuery(CALLBACK.pickerToggle, async (ctx) => {
    const picker = livePicker(ctx, pickerKindOf(ctx.match[1] as string));
    if (!picker) return restart(ctx, s, pickerKindOf(ctx.match[1] as string));
    const id = Number(ctx.match[2]);
    if (!picker.groups.some((g) => g.id === id)) return ctx.answerCallbackQuery();
    picker.selected = picker.selected.includes(id)
      ? picker.selected.filter((x) => x !== id)
      : [...picker.selected, id];
    ctx.session.picker = picker;
    await ctx.answerCallbackQuery();
    const state = await requireDa(ctx, s);
    if (!state) return;
    const selected = ordered(picker);
    const url = selected.length ? linksFor(ctx, s).record(picker.kind, state.da, selected) : undefined;
    await ctx.editMessageReplyMarkup({ reply_markup: pickerKeyboard(ctx.t, picker, url) });
  });

  // Continue as a callback: nothing ticked yet (or a picker sent before Continue opened the form).

  flow.callbackQuery(CALLBACK.pickerContinue, async (ctx) => {
    const kind = pickerKindOf(ctx.match[1] as string);
    const picker = livePicker(ctx, kind);
    if (!picker) return restart(ctx, s, kind);
    if (picker.selected.length === 0) {
      await ctx.answerCallbackQuery({ text: ctx.t('bot.groups.select_required'), show_alert: true });
      await ctx.reply(ctx.t('bot.groups.select_required'));
      return;
    }
    await ctx.answerCallbackQuery();
    const state = await requireDa(ctx, s);
    if (!state) return;
    const selected = ordered(picker);
    ctx.session.picker = undefined;
    await ctx.editMessageReplyMarkup(); // the toggles are done with
    await openForm(ctx, s, state, linksFor(ctx, s).record(kind, state.da, selected));
  });

  return flow;
}

/** The ticked groups in the picker's order (alphabetical), not the order of the taps. */
const ordered = (picker: PickerState) =>
  picker.groups.map((g) => g.id).filter((id) => picker.selected.includes(id));

/** The session's picker if the pressed message is it; older picker messages are stale. */
function livePicker(ctx: BotContext, kind: PickerState['kind']): PickerState | undefined {
  const picker = ctx.session.picker;
  const messageId = ctx.callbackQuery?.message?.message_id;
  return picker && picker.kind === kind && picker.messageId === messageId ? picker : undefined;
}

/** A press on an old picker: retire its buttons and start a fresh one. */
async function restart(ctx: BotContext, s: Services, kind: PickerState['kind']): Promise<void> {
  await ctx.answerCallbackQuery();
  await ctx.editMessageReplyMarkup().catch(() => undefined);
  const state = await requireDa(ctx, s);
  if (state) await startPicker(ctx, s, state, kind);
}

async function startPicker(
  ctx: BotContext,
  s: Services,
  state: DaState,
  kind: PickerState['kind'],
): Promise<void> {
  const groups = await s.backend.groupsOf(state.da, ctx.lang);
  if (groups.length === 0) {
    // The menu sent with it has the Add development group button (with a fresh link).
    await showMenu(ctx, s, state, ctx.t('bot.groups.none'));
    return;
  }
  if (groups.length > PICKER_MAX_GROUPS) {
    s.logger.warn({ daId: state.da.id, groups: groups.length }, 'more groups than one picker shows');
  }
  const picker: PickerState = {
    kind,
    messageId: 0,
    groups: groups.slice(0, PICKER_MAX_GROUPS).map((g) => ({ id: g.id, name: g.group_name })),
    selected: [],
  };
  const sent = await ctx.reply(ctx.t('bot.groups.select'), { reply_markup: pickerKeyboard(ctx.t, picker) });
  ctx.session.picker = { ...picker, messageId: sent.message_id };
}
